/** Layout breakage checks: interactive elements that overlap each other or leave the viewport horizontally. */
import type { Page } from '@playwright/test';

export interface LayoutProblem {
  kind: 'overlap' | 'offscreen' | 'page-overflow';
  detail: string;
}

export async function layoutProblems(page: Page): Promise<LayoutProblem[]> {
  return page.evaluate(() => {
    const problems: { kind: 'overlap' | 'offscreen' | 'page-overflow'; detail: string }[] = [];
    const viewport = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > viewport + 1) {
      problems.push({ kind: 'page-overflow', detail: `page is ${document.documentElement.scrollWidth}px wide in a ${viewport}px viewport` });
    }
    const selector = 'button, a[href], input, select, textarea, label.button, [role="button"], [tabindex="0"]';
    const describe = (el: Element) => {
      const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
      return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${name}"`;
    };
    const elements = [...document.querySelectorAll(selector)].filter((el) => {
      const rect = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return rect.width > 2 && rect.height > 2 && style.visibility !== 'hidden' && style.display !== 'none';
    });
    const rects = elements.map((el) => ({ el, rect: el.getBoundingClientRect() }));
    for (const { el, rect } of rects) {
      if (rect.left < -1 || rect.right > viewport + 1) problems.push({ kind: 'offscreen', detail: `${describe(el)} spans ${Math.round(rect.left)}..${Math.round(rect.right)} of ${viewport}px` });
    }
    for (let i = 0; i < rects.length; i++) {
      for (let j = i + 1; j < rects.length; j++) {
        const a = rects[i];
        const b = rects[j];
        if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
        // A scroll container (the comparison viewport) legitimately holds content under its edges.
        const width = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
        const height = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
        if (width > 1 && height > 1) problems.push({ kind: 'overlap', detail: `${describe(a.el)} overlaps ${describe(b.el)} by ${Math.round(width)}×${Math.round(height)}px` });
      }
    }
    return problems;
  });
}
