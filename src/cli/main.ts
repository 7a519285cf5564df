import { Command, InvalidArgumentError } from 'commander';
import { TIERS } from '../config.ts';
import { isPlatform, PLATFORMS } from '../platform-families.ts';
import { isRole, ROLES } from '../roles.ts';
import { agentsResume, agentsStop } from './agents.ts';
import { CALL_HELP, callCommand, exitOnUsageError, retriesOption } from './call.ts';
import { clientsAssign, clientsCreate, clientsEnvelope, clientsLimit, clientsList } from './clients.ts';
import {
  membersInvite,
  membersList,
  membersRemove,
  membersSetRole,
  workspacesCreate,
  workspacesList,
} from './members.ts';
import { migrateCommand } from './migrate.ts';
import {
  accountsAdd,
  demoCommand,
  keysCreate,
  keysList,
  keysNarrow,
  keysRevoke,
  usersCreate,
  usersSetPassword,
  usersSetTier,
} from './owners.ts';
import { readNewPassword } from './read-password.ts';
import { recordedCommand } from './recorded-command.ts';
import { run } from './run.ts';
import { refuseControlCharacters } from './text-options.ts';

function tier(value: string): string {
  if (!(TIERS as readonly string[]).includes(value)) {
    throw new InvalidArgumentError(`must be one of ${TIERS.join(', ')}`);
  }
  return value;
}

function platform(value: string): string {
  if (!isPlatform(value)) throw new InvalidArgumentError(`must be one of ${PLATFORMS.join(', ')}`);
  return value;
}

/** A repeatable option: every value, in order. */
function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function port(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0 || number > 65535)
    throw new InvalidArgumentError('must be a port number');
  return number;
}

// The server and MCP modules load only for the command that needs them: admin commands start fast.
const program = new Command('adops')
  .description('Ad operations for AI agents: the adops service and its administration.')
  .showHelpAfterError();

program
  .command('serve')
  .description('Start the HTTP service (migrates first; on SQLite, creates the demo owner once)')
  .option('--port <port>', 'port to listen on (ADOPS_PORT)', port)
  .option('--host <host>', 'address to listen on (ADOPS_HOST)')
  .action(async (options) => (await import('./serve.ts')).serveCommand(options));

program
  .command('mcp')
  .description('Serve the tools over MCP on stdio for desktop clients, with the key from ADOPS_API_KEY')
  .option('--remote <url>', 'forward to a running service (its base URL) instead of the local database')
  .action(async (options) => (await import('./mcp.ts')).mcpCommand(options));

program
  .command('call')
  .description('Call a tool of a running service over HTTP with the typed client, as an agent would')
  .argument('<tool>', 'tool name, like get_usage_status')
  .option('--args <json>', 'the arguments as a JSON object (default {})')
  .option('--args-file <file>', 'read the arguments from a JSON file; - reads stdin')
  .option('--base-url <url>', 'the service (ADOPS_BASE_URL; default http://127.0.0.1:8080)')
  .option('--key <key>', 'API key sk_live_... (ADOPS_API_KEY, preferred)')
  .option('--idempotency-key <uuid>', 'reuse this key, to repeat a call safely across runs')
  .option('--retries <n>', 'retries of 429, 409, 5xx and network failures (default 4)', retriesOption)
  .option('--json', 'print the envelope as JSON instead of the text')
  .addHelpText('after', CALL_HELP)
  .exitOverride(exitOnUsageError)
  .action((tool, options) => callCommand(tool, options));

program
  .command('migrate')
  .description('Apply pending database migrations')
  .action(() => run(migrateCommand, { migrateFirst: false }));

const users = program.command('users').description('Owners of API keys and ad accounts');
users
  .command('create')
  .requiredOption('--email <email>')
  .option('--tier <tier>', TIERS.join('|'), tier, 'free')
  .action((options) => run((services) => usersCreate(services, options)));
users
  .command('set-tier')
  .requiredOption('--email <email>')
  .requiredOption('--tier <tier>', TIERS.join('|'), tier)
  .action((options) => run((services) => usersSetTier(services, options)));
users
  .command('set-password')
  .description('Set the console password, piped on stdin or typed at a hidden prompt; ends console sessions')
  .requiredOption('--email <email>')
  .action((options) => run((services) => usersSetPassword(services, options, readNewPassword)));

const keys = program.command('keys').description('API keys (sk_live_...)');
keys
  .command('create')
  .requiredOption('--email <email>')
  .option('--name <name>', 'a name to recognise the key by', 'default')
  .option('--expires <lifetime>', '30d|90d|1y|never', 'never')
  .option(
    '--scope <scope>',
    'read|write|spend: read tools only; writes that cannot start or raise spend; all',
    'write',
  )
  .option(
    '--account <id>',
    'only this connected account (repeatable; platform:id when ids clash)',
    collect,
    [],
  )
  .option('--client <id-or-name>', "only the client's accounts, those assigned to it later too")
  .option(
    '--max-daily-budget <amount:currency>',
    'the largest daily budget a call may set, like 50:USD (repeatable)',
    collect,
    [],
  )
  .option(
    '--max-raise-percent <n>',
    "1..1000: a raise of a campaign's daily budget by more than this share of it waits for your approval",
  )
  .option('--approval <mode>', 'none|spend: with spend, every spend change waits for your approval', 'none')
  .action((options) => run((services) => keysCreate(services, options)));
keys
  .command('narrow')
  .description("Narrow a key's scope, accounts, budget ceilings or guardrails (a key is never widened)")
  .requiredOption('--id <id>')
  .option('--scope <scope>', "read|write|spend, at most the key's own")
  .option('--account <id>', "only these of the key's accounts (repeatable)", collect, [])
  .option(
    '--max-daily-budget <amount:currency>',
    "a ceiling at or below the key's own (repeatable)",
    collect,
    [],
  )
  .option('--max-raise-percent <n>', "a largest raise at or below the key's own, in percent (1..1000)")
  .option('--approval <mode>', 'none|spend; spend stays spend once the key has it')
  .action((options) => run((services) => keysNarrow(services, options)));
keys
  .command('list')
  .requiredOption('--email <email>')
  .action((options) => run((services) => keysList(services, options)));
keys
  .command('revoke')
  .requiredOption('--id <id>')
  .action((options) => run((services) => keysRevoke(services, options)));

const accounts = program.command('accounts').description('Connected ad accounts');
accounts
  .command('add')
  .description('Add a sandbox ad account')
  .requiredOption('--email <email>')
  .requiredOption('--platform <platform>', PLATFORMS.join('|'), platform)
  .option('--account-id <id>', "an id in the platform's shape; generated when omitted")
  .option('--name <name>')
  .option('--currency <code>', 'ISO 4217', 'USD')
  .action((options) => run((services) => accountsAdd(services, options)));

const agents = program.command('agents').description('Stop or resume every key and app of an owner at once');
agents
  .command('stop')
  .description("Refuse every call of the owner's keys and OAuth apps (403 agents_stopped) until resumed")
  .requiredOption('--email <email>')
  .option('--pause-changed', 'also pause every campaign an agent activated or raised in the last 7 days')
  .option(
    '--pause-running',
    "also pause every campaign running now on the owner's accounts, whoever started it",
  )
  .action((options) => run((services) => agentsStop(services, options)));
agents
  .command('resume')
  .description("Let the owner's keys and apps call again, as they were (paused campaigns stay paused)")
  .requiredOption('--email <email>')
  .action((options) => run((services) => agentsResume(services, options)));

const workspaces = program
  .command('workspaces')
  .description('Workspaces: what keys, accounts, approvals and the quota belong to (docs/teams.md)');
workspaces
  .command('create')
  .description('A new workspace, known by its address, with an admin (made without a password when new)')
  .requiredOption('--email <email>', "the workspace's own address, unique")
  .option('--name <name>', 'what the console shows; the address when omitted')
  .option('--tier <tier>', TIERS.join('|'), tier, 'free')
  .option('--admin <email>', 'its first admin; the workspace address when omitted')
  .action((options) => run((services) => workspacesCreate(services, options)));
workspaces
  .command('list')
  .description("A person's workspaces with their role in each, or every workspace")
  .option('--email <email>', 'the person')
  .action((options) => run((services) => workspacesList(services, options)));

const members = program
  .command('members')
  .description("A workspace's members and their roles (docs/teams.md)");
const role = (value: string) => {
  if (!isRole(value)) throw new InvalidArgumentError(`use one of ${ROLES.join(', ')}`);
  return value;
};
members
  .command('invite')
  .description('An invitation link for the address, valid 7 days and once; the service sends no mail')
  .requiredOption('--workspace <id-or-address>')
  .requiredOption('--email <email>')
  .requiredOption('--role <role>', ROLES.join('|'), role)
  .action(recordedCommand('adops members invite', membersInvite));
members
  .command('list')
  .requiredOption('--workspace <id-or-address>')
  .action((options) => run((services) => membersList(services, options)));
members
  .command('set-role')
  .requiredOption('--workspace <id-or-address>')
  .requiredOption('--email <email>')
  .requiredOption('--role <role>', ROLES.join('|'), role)
  .action(recordedCommand('adops members set-role', membersSetRole));
members
  .command('remove')
  .requiredOption('--workspace <id-or-address>')
  .requiredOption('--email <email>')
  .action(recordedCommand('adops members remove', membersRemove));

const clients = program
  .command('clients')
  .description("A workspace's clients: accounts grouped, members and keys limited to them (docs/teams.md)");
clients
  .command('create')
  .requiredOption('--workspace <id-or-address>')
  .requiredOption('--name <name>', 'unique in the workspace')
  .option('--envelope <amount:currency>', 'a monthly spend envelope, like 5000:USD (repeatable)', collect, [])
  .option('--pause-at-envelope', 'pause every running campaign of the client when an envelope is reached')
  .action(recordedCommand('adops clients create', clientsCreate));
clients
  .command('assign')
  .description('Put accounts in the client (out of any other); with --none, out of every client')
  .requiredOption('--workspace <id-or-address>')
  .option('--client <id-or-name>')
  .option('--none', 'in no client')
  .requiredOption(
    '--account <id>',
    'a connected account (repeatable; platform:id when ids clash)',
    collect,
    [],
  )
  .action(recordedCommand('adops clients assign', clientsAssign));
clients
  .command('envelope')
  .description("Set or clear (no --envelope) the client's monthly spend envelope")
  .requiredOption('--workspace <id-or-address>')
  .requiredOption('--client <id-or-name>')
  .option('--envelope <amount:currency>', 'like 5000:USD (repeatable)', collect, [])
  .option('--pause-at-envelope', 'pause every running campaign of the client when an envelope is reached')
  .action(recordedCommand('adops clients envelope', clientsEnvelope));
clients
  .command('limit')
  .description('Limit a member to clients (repeatable); without --client, to none: every client')
  .requiredOption('--workspace <id-or-address>')
  .requiredOption('--email <email>')
  .option('--client <id-or-name>', 'a client (repeatable)', collect, [])
  .action(recordedCommand('adops clients limit', clientsLimit));
clients
  .command('list')
  .requiredOption('--workspace <id-or-address>')
  .action((options) => run((services) => clientsList(services, options)));

for (const group of [users, keys, accounts, agents, workspaces, members, clients])
  group.hook('preAction', refuseControlCharacters);
// Every administrative command prints one JSON value; each takes --json too, for scripts that ask.
for (const command of [
  ...users.commands,
  ...keys.commands,
  ...accounts.commands,
  ...agents.commands,
  ...workspaces.commands,
  ...members.commands,
  ...clients.commands,
])
  command.option('--json', 'print the result as JSON (what it does anyway)');

program
  .command('demo')
  .description('Create (once) the demo owner with sandbox accounts and print its key')
  .action(() => run(demoCommand));

await program.parseAsync();
