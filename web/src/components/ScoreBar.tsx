// A match score (0 to 100) as a number and a bar; the number carries the meaning, the bar helps the eye scan.
export function ScoreBar({ score }: { score: number }) {
  const clamped = Math.max(0, Math.min(100, score));
  const level = clamped >= 90 ? 'high' : clamped >= 80 ? 'medium' : 'low';
  return (
    <span className="score">
      <span className="score-value">{clamped.toFixed(1)}</span>
      <span
        className={`score-bar ${level}`}
        role="meter"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={clamped}
        aria-label="Match score"
      >
        <span style={{ width: `${clamped}%` }} />
      </span>
    </span>
  );
}
