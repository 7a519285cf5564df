/** A configuration the service cannot start with: the message says which variable and how to fix it. */
export class ConfigError extends Error {}
