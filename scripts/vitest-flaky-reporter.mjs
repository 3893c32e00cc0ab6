// Names every test that failed and then passed on a retry (CI retries a failed test once, see
// vitest.config.ts), so `npm test`'s summary reports the flake instead of hiding it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';

export const FLAKY_REPORT = 'test-results/vitest-flaky.json';

export default class FlakyReporter {
  flaky = [];

  onTestCaseResult(testCase) {
    const d = testCase.diagnostic();
    if (d?.flaky) {
      this.flaky.push({
        file: relative(process.cwd(), testCase.module.moduleId),
        name: testCase.fullName,
        retries: d.retryCount,
      });
    }
  }

  onTestRunEnd() {
    mkdirSync(dirname(FLAKY_REPORT), { recursive: true });
    writeFileSync(FLAKY_REPORT, JSON.stringify(this.flaky, null, 2));
  }
}
