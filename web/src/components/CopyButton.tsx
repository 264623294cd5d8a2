// Copies text to the clipboard and says so; falls back to selecting the text where the clipboard API is
// unavailable (plain http on a non-loopback address), so the key can still be copied by hand.
import { useState } from 'react';

interface Props {
  readonly text: string;
  /** The input holding the text, selected when the clipboard cannot be written. */
  readonly targetId: string;
  /** What is copied, for the confirmation ("Key copied to the clipboard."). */
  readonly what?: string;
}

export function CopyButton({ text, targetId, what = 'Key' }: Props) {
  const [state, setState] = useState<'idle' | 'copied' | 'manual'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      const el = document.getElementById(targetId);
      if (el instanceof HTMLInputElement) {
        el.focus();
        el.select();
      }
      setState('manual');
    }
  };
  return (
    <>
      <button type="button" onClick={() => void copy()}>
        {state === 'copied' ? 'Copied' : 'Copy'}
      </button>
      <span className="muted small" role="status">
        {state === 'copied'
          ? `${what} copied to the clipboard.`
          : state === 'manual'
            ? 'Press Ctrl+C to copy.'
            : ''}
      </span>
    </>
  );
}
