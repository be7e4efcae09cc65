import { expect, type Locator, type Page } from '@playwright/test';

/**
 * A keyboard-only customer (WCAG 2.1.1, 2.4.7, 2.4.11, 1.4.11): every key pressed is counted, and after each
 * one the focused control is checked as a sighted keyboard user sees it: a focus ring (an outline, or a ring
 * of box-shadow on the control or on the field's frame around it, or the 2 px border MUI's outlined fields
 * take when focused) of at least 2 px whose colour has a
 * contrast of 3:1 or more with the background behind it, not cut off by a container that clips its
 * overflow, and the control not hidden under something fixed or sticky (the cookie banner, the header).
 * Text typed into a field is not counted as keys: it is the same for every design.
 */
export interface FocusProblem {
  /** the key that led there, e.g. "Tab #12" */
  after: string;
  control: string;
  problem: string;
}

export interface FocusReport {
  control: string;
  problems: string[];
}

export class KeyboardOnly {
  keys = 0;
  readonly problems: FocusProblem[] = [];
  /** every control the focus passed, for the report of a failure */
  readonly visited: string[] = [];

  constructor(private readonly page: Page) {}

  /** Presses `key` `times` times, checking the focus after each press. */
  async press(key: string, times = 1): Promise<void> {
    for (let i = 0; i < times; i++) {
      await this.page.keyboard.press(key);
      this.keys++;
      await this.check(`${key} #${this.keys}`);
    }
  }

  /** Types text into the focused field (not counted as keys). */
  async type(text: string): Promise<void> {
    await this.page.keyboard.type(text);
  }

  /**
   * Tab (or Shift+Tab) until `target` has the focus, at most `max` presses: a target farther away than a
   * customer should have to go fails here, with the controls passed on the way.
   */
  async tabTo(target: Locator, max: number, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<number> {
    const from = this.visited.length;
    // resolved once (a role query per key is slow on a long page), again if React replaced the element
    let element = await target.first().elementHandle({ timeout: 30_000 });
    for (let n = 1; n <= max; n++) {
      await this.press(key);
      if (!(await element.evaluate((el) => el.isConnected))) element = await target.first().elementHandle();
      if (await element.evaluate((el) => el === document.activeElement)) return n;
    }
    throw new Error(
      `not reached with ${max} × ${key}: ${target}\npassed: ${this.visited.slice(from).join(' | ')}`,
    );
  }

  /** The focused control now: a visible ring and not hidden (checked without a key, e.g. after a navigation). */
  async check(after: string): Promise<void> {
    let report = await this.page.evaluate(inspectFocus);
    // a dialog fading out, the cart's request overlay: what covers the control for a moment is not counted;
    // nor a control leaving the page (a dialog's step that closes under the pressed key) before focus moves on
    const passing = (p: string) =>
      p.startsWith('hidden under') || p.includes('no size on screen') || p.includes('off screen');
    for (let n = 0; n < 10 && report?.problems.some(passing); n++) {
      await this.page.waitForTimeout(200);
      report = await this.page.evaluate(inspectFocus);
    }
    if (!report) return; // nothing focused (the body): the journey asserts where the focus must be
    this.visited.push(report.control);
    for (const problem of report.problems) this.problems.push({ after, control: report.control, problem });
  }

  /** Leaves out the problems a journey does not check (it says why). */
  ignore(which: (problem: FocusProblem) => boolean): void {
    for (let i = this.problems.length - 1; i >= 0; i--) if (which(this.problems[i]!)) this.problems.splice(i, 1);
  }

  /** Every control passed had a visible, contrasting, unclipped and unobscured focus indicator. */
  expectNoFocusProblems(): void {
    expect(
      this.problems.map((p) => `${p.after} ${p.control}: ${p.problem}`),
      'focus indicators that a keyboard user cannot see',
    ).toEqual([]);
  }
}

/**
 * Runs in the page: the focused element's indicator. Kept self-contained (Playwright serialises it).
 * Answers null when nothing but the body has the focus.
 */
export function inspectFocus(): FocusReport | null {
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body || el === document.documentElement) return null;
  type Rgba = { r: number; g: number; b: number; a: number };
  const parse = (c: string): Rgba | null => {
    const m = /rgba?\(([^)]+)\)/.exec(c);
    if (!m) return null;
    const p = m[1]!.split(/[\s,/]+/).filter(Boolean).map(Number);
    return { r: p[0]!, g: p[1]!, b: p[2]!, a: p.length > 3 ? p[3]! : 1 };
  };
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const luminance = (c: Rgba) => 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b);
  const contrast = (x: Rgba, y: Rgba) => {
    const [hi, lo] = [luminance(x), luminance(y)].sort((a, b) => b - a) as [number, number];
    return (hi + 0.05) / (lo + 0.05);
  };
  const over = (top: Rgba, under: Rgba): Rgba => ({
    r: top.r * top.a + under.r * (1 - top.a),
    g: top.g * top.a + under.g * (1 - top.a),
    b: top.b * top.a + under.b * (1 - top.a),
    a: 1,
  });
  /** the colour painted at `node` (its background over its ancestors', a white page at the bottom) */
  const paintedAt = (node: Element | null): Rgba => {
    const layers: Rgba[] = [];
    for (let n = node; n; n = n.parentElement) {
      const c = parse(getComputedStyle(n).backgroundColor);
      if (c && c.a > 0) {
        layers.push(c);
        if (c.a >= 1) break;
      }
    }
    let color: Rgba = { r: 255, g: 255, b: 255, a: 1 };
    for (const c of layers.reverse()) color = over(c, color);
    return color;
  };
  const hex = (c: Rgba) =>
    '#' + [c.r, c.g, c.b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('');
  const describe = (e: Element) => {
    const name = (e.getAttribute('aria-label') ?? (e as HTMLElement).innerText ?? '').trim().slice(0, 40);
    const role = e.getAttribute('role') ?? e.tagName.toLowerCase();
    return `${role} "${name.replace(/\s+/g, ' ')}"`;
  };

  // the ring: an outline or a spread-only box-shadow, on the element or on its field's frame (:focus-within)
  interface Ring {
    node: Element;
    colors: Rgba[];
    width: number;
    /** how far the ring's outer edge is outside the node's border box */
    outset: number;
    inside: boolean;
  }
  const ringOf = (node: Element): Ring | null => {
    const s = getComputedStyle(node);
    const colors: Rgba[] = [];
    let width = 0;
    let outset = 0;
    let inside = false;
    if (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 1) {
      const c = parse(s.outlineColor);
      if (c && c.a > 0) {
        colors.push(c);
        width = parseFloat(s.outlineWidth);
        const offset = parseFloat(s.outlineOffset);
        outset = offset + width;
        inside = offset < 0;
      }
    }
    if (s.boxShadow && s.boxShadow !== 'none') {
      for (const shadow of s.boxShadow.split(/,(?![^(]*\))/)) {
        const c = parse(shadow);
        const lengths = (shadow.replace(/rgba?\([^)]*\)/, '').match(/-?[\d.]+px/g) ?? []).map(parseFloat);
        const [x = 0, y = 0, blur = 0, spread = 0] = lengths;
        if (!c || c.a < 0.5 || x !== 0 || y !== 0 || blur > 1 || spread < 1) continue;
        colors.push(c);
        width = Math.max(width, spread);
        if (/inset/.test(shadow)) inside = true;
        else outset = Math.max(outset, spread);
      }
    }
    // the frame of MUI's outlined fields: a fieldset beside the input, its border 2 px in the focus colour
    const frame = node.querySelector(':scope > fieldset');
    if (!colors.length && frame) {
      const f = getComputedStyle(frame);
      const c = parse(f.borderTopColor);
      if (c && c.a > 0 && parseFloat(f.borderTopWidth) >= 2) {
        colors.push(c);
        width = parseFloat(f.borderTopWidth);
      }
    }
    return colors.length ? { node, colors, width, outset, inside } : null;
  };
  let ring: Ring | null = null;
  for (let n: Element | null = el, depth = 0; n && depth < 3 && !ring; n = n.parentElement, depth++)
    ring = ringOf(n);

  const problems: string[] = [];
  const box = el.getBoundingClientRect();
  if (box.width === 0 && box.height === 0) problems.push('the focused element has no size on screen');

  if (!ring) problems.push('no focus ring (no outline, no box-shadow ring)');
  else {
    if (ring.width < 2) problems.push(`focus ring only ${ring.width}px wide`);
    // the colours around the ring: behind the element, and the element's own where the ring is inside it
    const behind = paintedAt(ring.node.parentElement);
    const own = paintedAt(ring.node);
    const against = ring.inside ? [own] : ring.outset <= ring.width ? [behind, own] : [behind];
    const best = Math.max(...ring.colors.map((c) => Math.min(...against.map((b) => contrast(over(c, b), b)))));
    if (best < 3)
      problems.push(
        `focus ring ${ring.colors.map(hex).join('/')} on ${against.map(hex).join('/')}: contrast ${best.toFixed(2)}:1 < 3:1`,
      );
    // clipped by an ancestor that clips its overflow (its containing blocks only)
    const r = ring.node.getBoundingClientRect();
    const out = Math.max(ring.outset, 0);
    const edge = { left: r.left - out, top: r.top - out, right: r.right + out, bottom: r.bottom + out };
    let position = getComputedStyle(ring.node).position;
    for (let a = ring.node.parentElement; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a);
      const containing =
        position === 'fixed'
          ? s.transform !== 'none' || /paint|strict|content/.test(s.contain)
          : position === 'absolute'
            ? s.position !== 'static' || s.transform !== 'none'
            : true;
      if (!containing) continue;
      position = s.position;
      const clips =
        s.overflowX !== 'visible' ||
        s.overflowY !== 'visible' ||
        s.contentVisibility === 'auto' ||
        /paint|strict|content/.test(s.contain);
      if (!clips) continue;
      const ar = a.getBoundingClientRect();
      const clip = {
        left: ar.left + a.clientLeft,
        top: ar.top + a.clientTop,
        right: ar.left + a.clientLeft + a.clientWidth,
        bottom: ar.top + a.clientTop + a.clientHeight,
      };
      const cut = Math.max(
        clip.left - edge.left,
        clip.top - edge.top,
        edge.right - clip.right,
        edge.bottom - clip.bottom,
      );
      if (cut > 0.5) {
        problems.push(`focus ring cut off by ${describe(a)} (${cut.toFixed(1)}px)`);
        break;
      }
      if (s.position === 'fixed') break;
    }
  }

  // not hidden under something painted above it (WCAG 2.4.11): the middle of the control is the control
  const vw = document.documentElement.clientWidth;
  const vh = document.documentElement.clientHeight;
  const cx = Math.min(Math.max(box.left + box.width / 2, 1), vw - 1);
  const cy = Math.min(Math.max(box.top + box.height / 2, 1), vh - 1);
  if (box.bottom <= 0 || box.top >= vh || box.right <= 0 || box.left >= vw)
    problems.push('the focused control is off screen');
  else {
    const top = document.elementFromPoint(cx, cy);
    const label = el.closest('label');
    if (top && !el.contains(top) && !top.contains(el) && !(label && label.contains(top)))
      problems.push(`hidden under ${describe(top.closest('section,header,dialog,[role],div') ?? top)}`);
  }
  return { control: describe(el), problems };
}
