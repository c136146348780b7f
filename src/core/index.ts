export * from './types';
export { cleanImage } from './pipeline';
