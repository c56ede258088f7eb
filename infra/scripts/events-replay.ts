// `npm run events:replay -- …`: list or replay dead letters (services/kit/src/runtime/replay-command.ts).
import { runOneOffCommand } from '@stageplein/kit/runtime/one-off-command';
import { REPLAY_USAGE, parseReplayArgs, runReplayCommand } from '@stageplein/kit/runtime/replay-command';
import { SERVICES, STACK_CONFIG } from '@stageplein/stack/services';

if (process.argv.includes('--help')) {
  console.log(REPLAY_USAGE);
  process.exit(0);
}
const args = parseReplayArgs(process.argv.slice(2));
// Replaying delivers to consumers only, but the configuration is the stack's.
await runOneOffCommand(STACK_CONFIG, async (ownerUrl, config) => {
  const { failed } = await runReplayCommand(ownerUrl, config, SERVICES, args);
  process.exitCode = failed > 0 ? 1 : 0;
});
