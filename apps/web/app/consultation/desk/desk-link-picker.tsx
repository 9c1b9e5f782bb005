import { useEffect, useId, useRef, useState } from 'react';
import { appUrl } from '../../kernel/file-url';

export interface DeskLink {
  id: number;
  title: string;
}

const kindWords = { record: '病蟲害記錄', ipm: 'IPM 資料' } as const;

/** Asks the desk's link search for names holding the typed text; [] when it fails. */
async function findTargets(kind: keyof typeof kindWords, text: string, signal: AbortSignal): Promise<DeskLink[]> {
  const query = new URLSearchParams({ kind, q: text });
  const response = await fetch(appUrl(`api/v1/admin/consultation/link-targets?${query.toString()}`), {
    headers: { accept: 'application/json' },
    signal,
  });
  if (!response.ok) return [];
  return ((await response.json()) as { data: DeskLink[] }).data;
}

/**
 * The reply's links of one kind, chosen by typing a name (decision 0375): a combobox (the ARIA
 * pattern: arrows move through the list, Enter adds, Escape closes) over the desk's link search,
 * the chosen ones listed with a remove button and posted as hidden `name` fields, so the form
 * sends ids as before and works without scripts for the links already there.
 */
export function DeskLinkPicker({
  kind,
  name,
  initial,
}: {
  kind: keyof typeof kindWords;
  name: string;
  initial: DeskLink[];
}) {
  const id = useId();
  const [chosen, setChosen] = useState(initial);
  const [text, setText] = useState('');
  const [options, setOptions] = useState<DeskLink[]>([]);
  const [active, setActive] = useState(-1);
  const [searched, setSearched] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const word = kindWords[kind];

  useEffect(() => {
    const typed = text.trim();
    if (typed === '') {
      setOptions([]);
      setSearched(false);
      return;
    }
    const controller = new AbortController();
    // A short pause so each keystroke does not ask the server.
    const timer = setTimeout(() => {
      findTargets(kind, typed, controller.signal)
        .then((found) => {
          setOptions(found);
          setActive(found.length > 0 ? 0 : -1);
          setSearched(true);
        })
        .catch(() => undefined);
    }, 200);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [kind, text]);

  const open = options.length > 0;
  const choose = (option: DeskLink) => {
    if (!chosen.some((link) => link.id === option.id)) setChosen([...chosen, option]);
    setText('');
    setOptions([]);
    input.current?.focus();
  };
  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && open) {
      event.preventDefault();
      setActive((active + 1) % options.length);
    } else if (event.key === 'ArrowUp' && open) {
      event.preventDefault();
      setActive((active - 1 + options.length) % options.length);
    } else if (event.key === 'Enter') {
      // Enter in the search box never sends the reply.
      event.preventDefault();
      const option = options[active];
      if (open && option) choose(option);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOptions([]);
    }
  };

  return (
    <fieldset className="admin-field desk-link-picker">
      <legend>附上{word}</legend>
      {chosen.length > 0 ? (
        <ul className="desk-link-picker__chosen">
          {chosen.map((link) => (
            <li key={link.id}>
              <input type="hidden" name={name} value={link.id} />
              <span>{link.title}</span>
              <button
                type="button"
                className="button"
                aria-label={`移除${word}「${link.title}」`}
                onClick={() => setChosen(chosen.filter((other) => other.id !== link.id))}
              >
                移除
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <label htmlFor={`${id}-input`}>輸入名稱搜尋{word}</label>
      <div className="desk-link-picker__box">
        <input
          ref={input}
          id={`${id}-input`}
          type="text"
          role="combobox"
          autoComplete="off"
          maxLength={50}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={`${id}-list`}
          aria-activedescendant={open && active >= 0 ? `${id}-option-${active}` : undefined}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <ul id={`${id}-list`} role="listbox" aria-label={`符合的${word}`} hidden={!open}>
          {options.map((option, index) => (
            <li
              key={option.id}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === active}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
            >
              {option.title}
            </li>
          ))}
        </ul>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {searched
          ? open
            ? `找到 ${options.length} 筆，以上下鍵選擇、Enter 加入`
            : `找不到名稱含「${text.trim()}」的${word}`
          : ''}
      </p>
    </fieldset>
  );
}
