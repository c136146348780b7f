/**
 * zod compiles object schemas with `new Function` when it may, and finds out by trying: under the
 * app's Content-Security-Policy (no 'unsafe-eval') that try is a reported violation. The app parses
 * a few small API answers, where the interpreter is as good. Imported first by main.tsx, so it is
 * set before any schema parses.
 */
import { z } from 'zod';

z.config({ jitless: true });
