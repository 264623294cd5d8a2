// The adverse media verdict, shown first: band and score, the summary sentence, and what drove it.
import type { RiskBlock as Risk } from '../api/api-types.ts';

const BAND_LABEL: Record<string, string> = {
  none: 'No adverse media',
  low: 'Low risk',
  medium: 'Medium risk',
  high: 'High risk',
  unknown: 'Could not be assessed',
};

export function RiskBlock({ risk }: { risk: Risk }) {
  return (
    <section className={`risk band-${risk.band}`} aria-labelledby="risk-title">
      <div className="risk-head">
        <h2 id="risk-title">{BAND_LABEL[risk.band] ?? risk.band}</h2>
        <span className="risk-score" aria-label="Risk score">
          {risk.score === null ? 'No score' : `${risk.score} / 100`}
        </span>
      </div>
      <p className="risk-summary">{risk.summary}</p>
      <dl className="facts">
        <div>
          <dt>Band</dt>
          <dd>{risk.band}</dd>
        </div>
        <div>
          <dt>Highest severity</dt>
          <dd>{risk.highest_severity ?? '—'}</dd>
        </div>
        <div>
          <dt>Implicating articles</dt>
          <dd>{risk.implicating_articles}</dd>
        </div>
        <div>
          <dt>Corroborating sources</dt>
          <dd>{risk.corroborating_sources}</dd>
        </div>
        <div>
          <dt>Categories</dt>
          <dd>
            {risk.categories.length ? risk.categories.map((c) => c.replace(/_/g, ' ')).join(', ') : '—'}
          </dd>
        </div>
      </dl>
    </section>
  );
}
