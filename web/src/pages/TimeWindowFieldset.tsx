// The adverse media time window: any time, the last day/week/month/year, or between two dates; the choices
// not taken are disabled rather than hidden, so the form keeps its shape. Each choice stays together with its own
// controls ("The last [month]"), so on a narrow screen a select never wraps under another choice's button.
import type { AdverseMediaFormValues } from './adverse-media-request.ts';

interface Props {
  readonly values: AdverseMediaFormValues;
  readonly set: <K extends keyof AdverseMediaFormValues>(key: K, value: AdverseMediaFormValues[K]) => void;
}

export function TimeWindowFieldset({ values, set }: Props) {
  return (
    <fieldset className="time-window">
      <legend>Time window</legend>
      <label className="check">
        <input
          type="radio"
          name="am-window"
          checked={values.window === 'any'}
          onChange={() => set('window', 'any')}
        />{' '}
        Any time
      </label>
      <span className="window-choice">
        <label className="check">
          <input
            type="radio"
            name="am-window"
            checked={values.window === 'range'}
            onChange={() => set('window', 'range')}
          />{' '}
          The last
        </label>
        <select
          aria-label="Time range"
          value={values.time_range}
          disabled={values.window !== 'range'}
          onChange={(e) => set('time_range', e.target.value as AdverseMediaFormValues['time_range'])}
        >
          <option value="day">day</option>
          <option value="week">week</option>
          <option value="month">month</option>
          <option value="year">year</option>
        </select>
      </span>
      <span className="window-choice">
        <label className="check">
          <input
            type="radio"
            name="am-window"
            checked={values.window === 'dates'}
            onChange={() => set('window', 'dates')}
          />{' '}
          Between dates
        </label>
        <span className="dates">
          <label htmlFor="am-start">From</label>
          <input
            id="am-start"
            type="date"
            value={values.start_date}
            disabled={values.window !== 'dates'}
            onChange={(e) => set('start_date', e.target.value)}
          />
          <label htmlFor="am-end">to</label>
          <input
            id="am-end"
            type="date"
            value={values.end_date}
            disabled={values.window !== 'dates'}
            onChange={(e) => set('end_date', e.target.value)}
          />
        </span>
      </span>
    </fieldset>
  );
}
