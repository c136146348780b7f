import path from 'node:path';

/**
 * ESLint rule `inklift/stage-order`: the stages of src/core import only earlier stages.
 * Data flows shared → page → paper → classes → compose; the pipeline (src/core/*.ts) and the test
 * helpers (src/core/testing) sit above every stage, so no stage may import them either.
 */
export const STAGES = ['shared', 'page', 'paper', 'classes', 'compose'];

/** Rank of a file under src/core: its stage's index, or one past the last for what sits above the stages. */
function rankOf(coreDir, file) {
  const top = path.relative(coreDir, file).split(path.sep)[0];
  const index = STAGES.indexOf(top);
  return index >= 0 ? index : STAGES.length;
}

function describe(coreDir, file) {
  const top = path.relative(coreDir, file).split(path.sep)[0];
  return STAGES.includes(top) ? `src/core/${top}` : `src/core/${top.replace(/\.ts$/, '')}`;
}

const stageOrder = {
  meta: {
    type: 'problem',
    docs: { description: 'A stage of src/core imports only earlier stages (shared → page → paper → classes → compose).' },
    schema: [],
    messages: {
      later: '{{from}} may not import {{to}}: stages import only earlier stages (shared → page → paper → classes → compose); move what both need down.',
    },
  },
  create(context) {
    const file = context.filename;
    const at = file.lastIndexOf(`${path.sep}src${path.sep}core${path.sep}`);
    if (at < 0) return {};
    const coreDir = file.slice(0, at + 9);
    const rank = rankOf(coreDir, file);
    if (rank >= STAGES.length) return {};
    const check = (source) => {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source.value);
      if (path.relative(coreDir, target).startsWith('..')) return;
      if (rankOf(coreDir, target) > rank) {
        context.report({ node: source, messageId: 'later', data: { from: describe(coreDir, file), to: describe(coreDir, target) } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export const stagePlugin = { rules: { 'stage-order': stageOrder } };
