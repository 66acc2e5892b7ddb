import { useId } from 'react';

export interface Bar {
  /** Short label under the bar (a day of the month). */
  label: string;
  value: number;
  /** The value as a person reads it (a price, a count), for the text alternative. */
  text: string;
}

/**
 * A hand-drawn SVG bar chart for a person who would rather look than read: a figure whose title and table say the
 * same in words (screen readers read the table; the drawing is hidden from them). It scales to its box, so a
 * 390 px phone shows all the bars.
 */
export function BarChart({ title, bars, tableLabel }: { title: string; bars: Bar[]; tableLabel: string }) {
  const id = useId();
  const max = Math.max(1, ...bars.map((b) => b.value));
  const width = 28 * bars.length;
  const height = 120;
  return (
    <figure className="ops-chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="ops-chart__title">{title}</figcaption>
      <svg viewBox={`0 0 ${width} ${height + 16}`} className="ops-chart__svg" aria-hidden="true" focusable="false" preserveAspectRatio="none">
        {bars.map((bar, i) => {
          const h = bar.value === 0 ? 1 : Math.max(2, Math.round((bar.value / max) * height));
          return (
            <g key={bar.label + String(i)}>
              <rect x={i * 28 + 4} y={height - h} width={20} height={h} className={i === bars.length - 1 ? 'ops-chart__bar ops-chart__bar--today' : 'ops-chart__bar'}>
                <title>{`${bar.label}: ${bar.text}`}</title>
              </rect>
              <text x={i * 28 + 14} y={height + 13} textAnchor="middle" className="ops-chart__label">{bar.label}</text>
            </g>
          );
        })}
      </svg>
      <details className="ops-chart__data">
        <summary>{tableLabel}</summary>
        <table>
          <tbody>
            {bars.map((bar, i) => (
              <tr key={bar.label + String(i)}>
                <th scope="row">{bar.label}</th>
                <td>{bar.text}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
