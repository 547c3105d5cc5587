import type { Reporter, TestModule } from 'vitest/node';

interface ProjectSpan {
  start: number;
  end: number;
  files: number;
}

/**
 * Prints the plain closing lines CI reads: each project's wall time (its first file's start to its
 * last file's end; projects overlap, so these do not add up to the run) and then
 * "vitest: N passed, N failed, N skipped".
 */
export default class SummaryReporter implements Reporter {
  private readonly spans = new Map<string, ProjectSpan>();

  onTestModuleStart(testModule: TestModule) {
    const now = performance.now();
    const span = this.spans.get(testModule.project.name);
    if (span) span.files++;
    else this.spans.set(testModule.project.name, { start: now, end: now, files: 1 });
  }

  onTestModuleEnd(testModule: TestModule) {
    const span = this.spans.get(testModule.project.name);
    if (span) span.end = performance.now();
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const mod of testModules) {
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
    }
    const seconds = (ms: number) => (ms / 1000).toFixed(1);
    const projects = [...this.spans].map(([name, span]) => `vitest: project ${name} took ${seconds(span.end - span.start)} s (${span.files} files)\n`);
    process.stdout.write(`\n${projects.join('')}vitest: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
    this.spans.clear();
  }
}
