import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each file took in a whole run (support/durations.json), by file name under tests/.
 * A file's size only roughly stands for its length: by size, the lanes of 2026-11-27 took
 * 1,175 s and 1,396 s, since a file that starts products of its own or scans every screen
 * costs more per line; by the measured seconds, the same files split 1,258 s and 1,264 s, and
 * the next whole run's lanes took 1,217 s and 1,254 s.
 */
const measured: Record<string, number> = JSON.parse(
  readFileSync(new URL('./durations.json', import.meta.url), 'utf8'),
).seconds;

/**
 * Splits the browser tests into lanes (`vitest run --shard=<lane>/<lanes>`, see run-lanes.mjs)
 * of about the same length: the longest file first, each into the lane with the least so far.
 * A file is weighed by its measured seconds; one not measured yet by its size, at the measured
 * files' seconds per byte. (Vitest's own split is by the hash of the path, which gave one lane
 * twice the other's work.)
 */
export default class LaneSequencer extends BaseSequencer {
  override async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { index, count } = this.ctx.config.shard as { index: number; count: number };
    const sized = files.map((spec) => ({
      spec,
      name: path.basename(spec.moduleId),
      size: statSync(spec.moduleId).size,
    }));
    const known = sized.filter((file) => measured[file.name] !== undefined);
    const perByte =
      known.reduce((sum, file) => sum + (measured[file.name] ?? 0), 0) /
      Math.max(
        1,
        known.reduce((sum, file) => sum + file.size, 0),
      );
    const weighed = sized
      .map((file) => ({ ...file, weight: measured[file.name] ?? file.size * perByte }))
      .sort((a, b) => b.weight - a.weight || a.spec.moduleId.localeCompare(b.spec.moduleId));
    const lanes = Array.from({ length: count }, () => ({
      weight: 0,
      specs: [] as TestSpecification[],
    }));
    for (const { spec, weight } of weighed) {
      const lightest = lanes.reduce((least, lane) => (lane.weight < least.weight ? lane : least));
      lightest.specs.push(spec);
      lightest.weight += weight;
    }
    return lanes[index - 1]?.specs ?? [];
  }
}
