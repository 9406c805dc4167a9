// Moving a restored file into place: a rename on the same disk, a copy and a removal across disks
// (the extracted archive sits beside the database, which need not share a disk with the files).
import fs from 'node:fs';

export async function moveInto(from: string, to: string): Promise<void> {
  try {
    await fs.promises.rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await fs.promises.copyFile(from, to);
    await fs.promises.rm(from, { force: true });
  }
}
