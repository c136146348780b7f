import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The project's own ESLint configuration, run on code that is not in the tree (lintText with a path). */
const eslint = new ESLint({ cwd: process.cwd() });

async function stageErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'inklift/stage-order').map((m) => m.message);
}

describe('inklift/stage-order in eslint.config.js', () => {
  it('fails an upward import: the page stage importing the composition', async () => {
    const errors = await stageErrors('src/core/page/upward.ts', "import { composeInk } from '../compose/composition';\nexport const use = composeInk;\n");
    expect(errors).toEqual([expect.stringContaining('src/core/page may not import src/core/compose')]);
  });

  it('fails a stage importing the pipeline, and shared code importing any stage', async () => {
    expect(await stageErrors('src/core/paper/inkSeparation/upward.ts', "export { cleanImage } from '../../pipeline';\n")).toHaveLength(1);
    expect(await stageErrors('src/core/shared/upward.ts', "import type { PaperField } from '../paper/paperField';\nexport type Up = PaperField;\n")).toHaveLength(1);
    expect(await stageErrors('src/core/classes/upward.ts', "export const load = () => import('../compose/crop');\n")).toHaveLength(1);
  });

  it('lets a stage import earlier stages and its own, and the pipeline and tests import anything', async () => {
    expect(await stageErrors('src/core/compose/downward.ts', "import { giveBack } from '../shared/bufferPool';\nimport { estimateAlphaThresholds } from '../paper/inkAlpha';\nimport { refineClassMap } from '../classes/refine/classRefine';\nexport const all = [giveBack, estimateAlphaThresholds, refineClassMap];\n")).toEqual([]);
    expect(await stageErrors('src/core/pipelineLike.ts', "import { composeInk } from './compose/composition';\nexport const use = composeInk;\n")).toEqual([]);
    expect(await stageErrors('src/core/page/upward.test.ts', "import { composeInk } from '../compose/composition';\nexport const use = composeInk;\n")).toEqual([]);
  });
});
