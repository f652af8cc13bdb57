import { describe, expect, it } from 'vitest';
import { boxLabels, spreadLabels } from '../box-labels';

describe('boxLabels', () => {
  it('names the three dimensions of the box', () => {
    expect(boxLabels([0, 0, 0], [20, 10, 5]).map((l) => l.text)).toEqual(['X 20,0\u00a0mm', 'Y 10,0\u00a0mm', 'Z 5,0\u00a0mm']);
  });
});

describe('spreadLabels', () => {
  it('leaves labels that do not touch where they are', () => {
    const rects = [
      { x: 50, y: 100, w: 60, h: 18 },
      { x: 200, y: 100, w: 60, h: 18 },
      { x: 300, y: 40, w: 60, h: 18 },
    ];
    expect(spreadLabels(rects)).toEqual(rects);
  });

  it('moves a label that covers an earlier one below it, and a third below both', () => {
    const out = spreadLabels([
      { x: 340, y: 330, w: 60, h: 18 },
      { x: 365, y: 329, w: 60, h: 18 },
      { x: 350, y: 335, w: 60, h: 18 },
    ]);
    expect(out[0].y).toBe(330);
    expect(out[1].y).toBe(350);
    expect(out[2].y).toBe(370);
    for (let i = 0; i < out.length; i += 1) {
      for (let j = i + 1; j < out.length; j += 1) {
        const apart = Math.abs(out[i].x - out[j].x) >= (out[i].w + out[j].w) / 2 || Math.abs(out[i].y - out[j].y) >= (out[i].h + out[j].h) / 2;
        expect(apart).toBe(true);
      }
    }
  });
});
