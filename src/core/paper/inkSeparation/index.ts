export { alphaFromInkDecision, HALF_COVERED, OPAQUE_SHARE } from './separatedAlpha';
export { separateInkWithModel, SEPARATION_MODEL_NAME, type InkSeparation } from './separate';
export { inkFeatures, separationInput, type InkFeatures } from './features';
export { separationGeometry, SEPARATION_LONG_SIDE, type SeparationGeometry } from './geometry';
export { decideInk } from './inkDecision';
export { interpolationTaps } from '../../shared/cellInterpolation';
