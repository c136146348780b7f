/// <reference types="vite/client" />

interface Navigator {
  /** Device memory in GiB (Chromium only), rounded down to a power of two. */
  readonly deviceMemory?: number;
}
