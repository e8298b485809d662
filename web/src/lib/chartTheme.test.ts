import { describe, expect, it } from 'vitest';
import { pageBackground } from '../theme';
import {
  axisLabelHtml,
  chartBackgrounds,
  chartPalette,
  chartSurface,
  chartText,
  chartTooltipBackground,
  chartTooltipCss,
  colorScale,
  seriesColors,
  sliceColorScale,
} from './chartTheme';

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`not a #rrggbb colour: ${hex}`);
  const [r, g, b] = match.slice(1).map((part) => {
    const c = parseInt(part, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG 2 contrast ratio of two solid colours. */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('the chart theme of the dark app', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('is read against the dark card and page backgrounds', () => {
    expect(chartBackgrounds).toEqual([chartSurface, pageBackground]);
    // Dark surfaces: a light text colour is the readable one.
    for (const background of chartBackgrounds) expect(luminance(background)).toBeLessThan(0.05);
  });

  it('keeps every chart text colour at 4.5:1 or more against each background', () => {
    for (const background of chartBackgrounds) {
      for (const [role, color] of Object.entries(chartText)) {
        expect({ role, background, ratio: contrast(color, background) >= 4.5 }).toEqual({
          role,
          background,
          ratio: true,
        });
      }
    }
    for (const rule of Object.values(chartTooltipCss)) {
      expect(contrast(rule.color, chartTooltipBackground)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('draws axis labels in the secondary text colour on the opaque card colour, escaped', () => {
    const html = axisLabelHtml('<b>Q1 & Q2</b>', 'bottom');
    expect(html).toContain(`color: ${chartText.secondary}`);
    expect(html).toContain(`background: ${chartSurface}`);
    expect(html).toContain('&lt;b&gt;Q1 &amp; Q2&lt;/b&gt;');
    expect(html).not.toContain('<b>');
  });

  it('keeps series and segment colours apart from the background (3:1 for graphics)', () => {
    expect(new Set(chartPalette).size).toBe(chartPalette.length);
    for (const color of chartPalette) expect(contrast(color, chartSurface)).toBeGreaterThanOrEqual(3);
  });

  it('gives each series one colour, the same in the chart scale and the legend', () => {
    const names = ['Inflow', 'Outflow', 'Net Flow', 'Inflow', 'Outflow', 'Net Flow'];
    expect(seriesColors(names)).toEqual([
      { name: 'Inflow', color: chartPalette[0] },
      { name: 'Outflow', color: chartPalette[1] },
      { name: 'Net Flow', color: chartPalette[2] },
    ]);
    expect(colorScale(names)).toEqual({
      domain: ['Inflow', 'Outflow', 'Net Flow'],
      range: [chartPalette[0], chartPalette[1], chartPalette[2]],
    });
    expect(sliceColorScale([{ name: 'A', color: '#123456' }, { name: 'B' }])).toEqual({
      domain: ['A', 'B'],
      range: ['#123456', chartPalette[1]],
    });
  });
});
