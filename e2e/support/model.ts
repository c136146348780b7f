/** Whether the ink model is deployed with the build (vite copies models/*.onnx and public/models/ to /models/). */
import fs from 'node:fs';

export const MODEL_FILES = ['models/inkseg.onnx', 'public/models/inkseg.onnx'];

export function modelDeployed(): boolean {
  return MODEL_FILES.some((file) => fs.existsSync(file));
}
