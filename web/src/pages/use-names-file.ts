// The Names form's CSV upload: the file's names fill the box (one per line), and when its rows carry their own
// qualifiers (read-names-csv.ts) those are kept with the names, as a draft for the tab like the box itself. They
// apply only while the box holds exactly what the file put there: an edit drops them, and says so.
import { useState, type ChangeEvent } from 'react';
import { readNamesCsv } from '../csv/read-names-csv.ts';
import { useDraft } from '../hooks/use-draft.ts';
import type { QualifierFields } from './qualifier-fields.ts';

/** An uploaded file whose rows carry qualifiers: its names, each name's own qualifiers, and the box text made. */
export interface NamesUpload {
  readonly fileName: string;
  readonly text: string;
  readonly names: string[];
  readonly qualifiers: (QualifierFields | null)[];
}

export interface NamesFileState {
  /** The upload whose per-row qualifiers apply to the box as it is now; null when none does. */
  readonly upload: NamesUpload | null;
  /** What the last upload (or an edit after it) did, for the form's status line. */
  readonly note: string | null;
  readonly onFile: (e: ChangeEvent<HTMLInputElement>) => Promise<void>;
  /** Sets the box's text; an edit after an upload with qualifiers drops them. */
  readonly edit: (text: string) => void;
}

export function useNamesFile(
  text: string,
  setText: (text: string) => void,
  onError: (error: unknown) => void,
): NamesFileState {
  const [upload, setUpload] = useDraft<NamesUpload | null>('names.upload', null);
  const [note, setNote] = useState<string | null>(null);

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    try {
      const { names, qualifiers } = await readNamesCsv(file);
      // One name per line; a name holding a comma stays one line (see names-to-request.ts).
      const boxText = names.join('\n');
      setText(boxText);
      setUpload(qualifiers ? { fileName: file.name, text: boxText, names, qualifiers } : null);
      const own = qualifiers?.filter((q) => q !== null).length ?? 0;
      setNote(
        `${names.length} ${names.length === 1 ? 'name' : 'names'} read from ${file.name}` +
          (own > 0 ? `, ${own} with ${own === 1 ? 'its' : 'their'} own qualifiers.` : '.'),
      );
    } catch (err) {
      onError(err);
    }
  };

  const edit = (next: string) => {
    setText(next);
    if (upload && next !== upload.text) {
      setUpload(null);
      setNote(`Edited: the qualifiers from ${upload.fileName} no longer apply.`);
    }
  };

  return { upload: upload && upload.text === text ? upload : null, note, onFile, edit };
}
