// The order test files start in: vitest's own (failed first, then longest first by the last
// run's times), except that the files known to be the longest start first even without those
// times. A fresh clone (CI) has none, and vitest then starts the largest files first: the axe
// route walk's two files are among the smallest (their walk is in tests/e2e/axe/routes.ts) yet
// the longest of the browser suite, and started last they would end the run minutes late.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Files that take minutes: started before any other of their project. */
const LONGEST = [/tests\/e2e\/axe\.routes\./];

export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isLong = (file: TestSpecification) => LONGEST.some((re) => re.test(file.moduleId));
    // Within each project only (vitest runs the projects one after another, in this order).
    const projectAt = new Map<string, number>();
    sorted.forEach((file, i) => {
      if (!projectAt.has(file.project.name)) projectAt.set(file.project.name, i);
    });
    const key = (file: TestSpecification, i: number) =>
      [projectAt.get(file.project.name)!, isLong(file) ? 0 : 1, i] as const;
    return sorted
      .map((file, i) => ({ file, key: key(file, i) }))
      .sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1] || a.key[2] - b.key[2])
      .map(({ file }) => file);
  }
}
