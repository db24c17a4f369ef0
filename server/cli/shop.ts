/**
 * The operators' command (`npm run shop -- <command>`; `help` lists them): moves orders through fulfilment and lists
 * them, through the server's own code on the shop's database, with no door on the public port (server/README.md
 * "Operators").
 */
import { runShopCommand } from './shop-command';

const status = await runShopCommand(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  env: process.env,
});
process.exitCode = status;
