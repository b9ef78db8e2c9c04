// `npm run dev`: the API with reload on :3000 and Vite with hot reload on :5173 (it proxies /api there).
import { spawn } from 'node:child_process';

const children = [
  // From the root, like `npm start`, so both use the same ./data folder.
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/src/index.ts'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', 'client'], { stdio: 'inherit' }),
];

const stopAll = (signal) => {
  for (const child of children) if (child.exitCode === null) child.kill(signal);
};
process.on('SIGINT', () => stopAll('SIGINT'));
process.on('SIGTERM', () => stopAll('SIGTERM'));
for (const child of children) {
  child.on('exit', (code) => {
    stopAll('SIGTERM');
    process.exitCode = code ?? 0;
  });
}
