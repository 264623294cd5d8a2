// The box around a table (or anything wide): it scrolls sideways inside itself, never the page, and while its
// content is wider than it is, it becomes a labelled region reachable by Tab so a keyboard can scroll it too.
import { useEffect, useRef, useState, type ReactNode } from 'react';

interface Props {
  /** What the box holds, announced when it takes focus ("Matches for Jane Doe"). */
  readonly label: string;
  readonly className?: string;
  readonly children: ReactNode;
}

export function ScrollBox({ label, className, children }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);

  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const check = () => setScrolls(box.scrollWidth > box.clientWidth + 1);
    check();
    // Sizes change with the window, the content, and a <details> around the box opening (its closed content is
    // not laid out, so no resize is observed there).
    const observer = new ResizeObserver(check);
    observer.observe(box);
    for (const child of box.children) observer.observe(child);
    window.addEventListener('resize', check);
    document.addEventListener('toggle', check, true);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', check);
      document.removeEventListener('toggle', check, true);
    };
  }, []);

  return (
    <div
      ref={ref}
      className={className ? `table-wrap ${className}` : 'table-wrap'}
      {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': `${label} (scrolls sideways)` } : {})}
    >
      {children}
    </div>
  );
}
