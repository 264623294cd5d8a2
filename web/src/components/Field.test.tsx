// Field (happy-dom): the label names the control and the hint describes it, both by id, in reading order.
// @vitest-environment happy-dom
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { Field } from './Field.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const mounted: (() => void)[] = [];
afterEach(() => {
  for (const unmount of mounted.splice(0)) unmount();
});

async function render(node: ReactNode): Promise<HTMLElement> {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => root.render(node));
  mounted.push(() => {
    act(() => root.unmount());
    container.remove();
  });
  return container;
}

const labelOf = (el: Element) => document.querySelector(`label[for="${el.id}"]`)?.textContent;
const descriptionOf = (el: Element) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

describe('Field', () => {
  it('ties the label and the hint to the control', async () => {
    const view = await render(
      <Field id="am-country" label="Country" hint="Only with the topic “general”.">
        {(c) => <input {...c} />}
      </Field>,
    );
    const input = view.querySelector('input')!;
    expect(input.id).toBe('am-country');
    expect(labelOf(input)).toBe('Country');
    expect(descriptionOf(input)).toEqual(['Only with the topic “general”.']);
  });

  it('describes nothing when there is no hint', async () => {
    const view = await render(
      <Field id="f-status" label="Status">
        {(c) => <select {...c} />}
      </Field>,
    );
    const select = view.querySelector('select')!;
    expect(labelOf(select)).toBe('Status');
    expect(select.hasAttribute('aria-describedby')).toBe(false);
    expect(view.querySelector('.hint')).toBeNull();
  });

  it('puts the hint after the control, or before it when asked', async () => {
    const order = (view: HTMLElement) => [...view.querySelector('.field')!.children].map((el) => el.tagName);
    const after = await render(
      <Field id="a" label="A" hint="after">
        {(c) => <input {...c} />}
      </Field>,
    );
    const before = await render(
      <Field id="b" label="B" hint="before" hintFirst>
        {(c) => <textarea {...c} />}
      </Field>,
    );
    expect(order(after)).toEqual(['LABEL', 'INPUT', 'P']);
    expect(order(before)).toEqual(['LABEL', 'P', 'TEXTAREA']);
    expect(descriptionOf(before.querySelector('textarea')!)).toEqual(['before']);
  });
});
