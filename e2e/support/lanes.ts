import { statSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Splits the browser tests into lanes (`vitest run --shard=<lane>/<lanes>`, see run-lanes.mjs)
 * of about the same length: the largest file first, each into the lane with the least so far.
 * A file's size stands for its length (its steps and screens); Vitest's own split is by the
 * hash of the path, which gave one lane twice the other's work.
 */
export default class LaneSequencer extends BaseSequencer {
  override async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { index, count } = this.ctx.config.shard as { index: number; count: number };
    const weighed = files
      .map((spec) => ({ spec, size: statSync(spec.moduleId).size }))
      .sort((a, b) => b.size - a.size || a.spec.moduleId.localeCompare(b.spec.moduleId));
    const lanes = Array.from({ length: count }, () => ({
      size: 0,
      specs: [] as TestSpecification[],
    }));
    for (const { spec, size } of weighed) {
      const lightest = lanes.reduce((least, lane) => (lane.size < least.size ? lane : least));
      lightest.specs.push(spec);
      lightest.size += size;
    }
    return lanes[index - 1]?.specs ?? [];
  }
}
