import { afterEach } from 'vitest';
import { takeAnswerMismatches } from '../lib/answer-check';

// Every server test ends by asking whether the API sent an answer its declaration does not describe
// (lib/answer-check.ts): the test that caused it fails, naming the route and the fields.
afterEach(() => {
  const found = takeAnswerMismatches();
  if (found.length > 0) {
    const lines = found.map(({ route, status, problems }) => `${route} → ${status}: ${problems.join('; ')}`);
    throw new Error(`The API answered what its route does not declare:\n${lines.join('\n')}`);
  }
});
