/** A sandbox account as its platform's emulator knows it: what the seed data is made for. */
export interface SandboxAccount {
  name: string;
  currency: string;
}
