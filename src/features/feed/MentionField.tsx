import { useQuery } from "convex/react";
import { useId, useRef, useState, type KeyboardEvent } from "react";
import { useFormContext, type FieldValues, type Path, type PathValue } from "react-hook-form";
import { mentionToken } from "@common/socialCatalog";
import { Textarea } from "@/components/ui";
import { Avatar } from "@/components/ui/Avatar";
import { api } from "@/lib/api";
import { cn } from "@/lib/cn";
import { useDebouncedValue } from "@/lib/useDebouncedValue";
import { authorName, type AuthorView } from "./format";

// A text area with an @mention picker: typing '@' and a few letters lists matching members
// (social/mentions:suggest); arrows move, Enter or Tab chooses, Escape closes. Choosing writes
// mentionToken(member) into the text and reports the member, whose id goes with the text (the
// server keeps it only while that token is still in the text).

// '@' at the start or after a space, then letters of a name, up to the caret.
const TYPING_MENTION = /(^|\s)@([\p{L}][\p{L}\p{N}'-]{0,29})$/u;

export function MentionField<T extends FieldValues>({
  name,
  label,
  rows = 4,
  maxLength,
  placeholder,
  hint,
  required,
  onMention,
}: {
  name: Path<T>;
  label: string;
  rows?: number;
  maxLength?: number;
  placeholder?: string;
  hint?: string;
  required?: boolean;
  onMention: (person: AuthorView) => void;
}) {
  const {
    register,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useFormContext<T>();
  const field = register(name);
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const [query, setQuery] = useState<{ text: string; start: number } | null>(null);
  const [active, setActive] = useState(0);
  const listId = useId();
  const debounced = useDebouncedValue(query?.text ?? "", 150);
  const suggestions = useQuery(api.social.mentions.suggest, debounced ? { q: debounced } : "skip");
  const open = query !== null && debounced !== "" && suggestions !== undefined && suggestions.length > 0;

  const readQuery = (el: HTMLTextAreaElement) => {
    const before = el.value.slice(0, el.selectionStart ?? el.value.length);
    const m = TYPING_MENTION.exec(before);
    if (!m) return setQuery(null);
    setQuery({ text: m[2]!, start: before.length - m[2]!.length - 1 });
    setActive(0);
  };

  const choose = (person: AuthorView) => {
    const el = textarea.current;
    if (!el || !query) return;
    const text = String(getValues(name) ?? "");
    const caret = el.selectionStart ?? text.length;
    const token = `${mentionToken(person)} `;
    const next = text.slice(0, query.start) + token + text.slice(caret);
    setValue(name, next as PathValue<T, Path<T>>, { shouldDirty: true });
    onMention(person);
    setQuery(null);
    const at = query.start + token.length;
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(at, at);
    });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open || !suggestions) return;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((i) => (i + step + suggestions.length) % suggestions.length);
    } else if (e.key === "Enter" || e.key === "Tab") {
      e.preventDefault();
      choose(suggestions[Math.min(active, suggestions.length - 1)]!);
    } else if (e.key === "Escape") {
      e.preventDefault();
      setQuery(null);
    }
  };

  const error = (errors[name]?.message as string | undefined) ?? undefined;
  const optionId = (i: number) => `${listId}-${i}`;
  return (
    <div className="relative">
      <Textarea
        label={label}
        rows={rows}
        required={required}
        maxLength={maxLength}
        placeholder={placeholder}
        hint={hint}
        error={error}
        disabled={isSubmitting}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? optionId(active) : undefined}
        aria-autocomplete="list"
        {...field}
        ref={(el) => {
          field.ref(el);
          textarea.current = el;
        }}
        onChange={(e) => {
          void field.onChange(e);
          readQuery(e.target);
        }}
        onKeyDown={onKeyDown}
        onBlur={(e) => {
          void field.onBlur(e);
          // Let a click on a suggestion land first.
          window.setTimeout(() => setQuery(null), 150);
        }}
      />
      <p className="sr-only" aria-live="polite">
        {open ? `${suggestions.length} members found. Use the arrow keys and Enter to mention one.` : ""}
      </p>
      {open && (
        <ul
          id={listId}
          role="listbox"
          aria-label="Mention a member"
          className="absolute right-0 left-0 z-30 mt-1 max-h-64 overflow-y-auto rounded-md border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          {suggestions.map((person, i) => (
            <li
              key={person._id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => {
                e.preventDefault();
                choose(person);
              }}
              className={cn(
                "flex cursor-pointer items-center gap-3 rounded px-3 py-2 text-sm text-slate-900 dark:text-slate-100",
                i === active && "bg-slate-100 dark:bg-slate-800",
              )}
            >
              <Avatar
                firstName={person.firstName}
                lastName={person.lastName}
                image={person.image}
                className="size-8 text-xs"
              />
              <span className="min-w-0">
                <span className="block font-semibold">{authorName(person)}</span>
                {person.businessName && (
                  <span className="block truncate text-xs text-slate-600 dark:text-slate-300">
                    {person.businessName}
                  </span>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The ids of the members chosen in the picker whose token is still in the text. */
export function keptMentionIds(content: string, chosen: ReadonlyMap<string, string>): string[] {
  return [...chosen].filter(([, token]) => content.includes(token)).map(([id]) => id);
}
