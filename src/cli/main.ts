import { Command, InvalidArgumentError } from 'commander';
import { TIERS } from '../config.ts';
import { isPlatform, PLATFORMS } from '../platforms/families.ts';
import {
  accountsAdd,
  demoCommand,
  keysCreate,
  keysList,
  keysRevoke,
  usersCreate,
  usersSetTier,
} from './owners.ts';
import { run } from './run.ts';
import { migrateCommand, serveCommand } from './serve.ts';

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

function port(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0 || number > 65535)
    throw new InvalidArgumentError('must be a port number');
  return number;
}

const program = new Command('adops')
  .description('Ad operations for AI agents: the adops service and its administration.')
  .showHelpAfterError();

program
  .command('serve')
  .description('Start the HTTP service (migrates first; on SQLite, creates the demo owner once)')
  .option('--port <port>', 'port to listen on (ADOPS_PORT)', port)
  .option('--host <host>', 'address to listen on (ADOPS_HOST)')
  .action((options) => serveCommand(options));

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

const keys = program.command('keys').description('API keys (sk_live_...)');
keys
  .command('create')
  .requiredOption('--email <email>')
  .option('--name <name>', 'a name to recognise the key by', 'default')
  .option('--expires <lifetime>', '30d|90d|1y|never', 'never')
  .action((options) => run((services) => keysCreate(services, options)));
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

program
  .command('demo')
  .description('Create (once) the demo owner with sandbox accounts and print its key')
  .action(() => run(demoCommand));

await program.parseAsync();
