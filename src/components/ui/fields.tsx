import { useId, useState, type ComponentPropsWithRef, type ReactNode } from "react";
import { cn } from "@/lib/cn";

// Form controls: every control has a visible <label>; an error sets
// aria-invalid and is linked (with the hint) through aria-describedby.

const controlBase =
  "block w-full rounded-md border bg-white px-3 py-2 text-base text-slate-900 shadow-sm " +
  "placeholder:text-slate-500 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-600 " +
  "dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 dark:disabled:bg-slate-800 dark:disabled:text-slate-400";
const borderOk = "border-slate-500 dark:border-slate-500";
const borderError = "border-red-700 dark:border-red-400";

export const labelClasses = "block text-sm font-medium text-slate-900 dark:text-slate-100";
export const hintClasses = "text-sm text-slate-600 dark:text-slate-300";
export const errorClasses = "text-sm font-medium text-red-700 dark:text-red-300";

interface FieldMeta {
  label: ReactNode;
  /** Helper text under the label, always read with the control. */
  hint?: ReactNode;
  /** Validation message; when set the control is marked invalid. */
  error?: string;
  /** Adds a visual asterisk and aria-required. */
  required?: boolean;
  className?: string;
}

function useFieldIds(id: string | undefined, hint: ReactNode, error: string | undefined) {
  const generated = useId();
  const controlId = id ?? `f${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return { controlId, hintId, errorId, describedBy };
}

function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-red-700 dark:text-red-300">
      *
    </span>
  );
}

export function FieldError({ id, message }: { id?: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className={errorClasses}>
      {message}
    </p>
  );
}

function FieldShell({
  controlId,
  label,
  hint,
  hintId,
  error,
  errorId,
  required,
  className,
  children,
  after,
}: {
  controlId: string;
  label: ReactNode;
  hint?: ReactNode;
  hintId?: string;
  error?: string;
  errorId?: string;
  required?: boolean;
  className?: string;
  children: ReactNode;
  /** Shown under the error (a file field's chosen files). */
  after?: ReactNode;
}) {
  return (
    <div className={cn("space-y-1.5", className)}>
      {/* The asterisk sits outside the <label> so the label text is exactly the field's name. */}
      <div className="flex items-baseline">
        <label htmlFor={controlId} className={labelClasses}>
          {label}
        </label>
        {required && <RequiredMark />}
      </div>
      {hint && (
        <p id={hintId} className={hintClasses}>
          {hint}
        </p>
      )}
      {children}
      <FieldError id={errorId} message={error} />
      {after}
    </div>
  );
}

export type TextFieldProps = FieldMeta & Omit<ComponentPropsWithRef<"input">, "className" | "required">;

export function TextField({ label, hint, error, required, className, id, type = "text", ...input }: TextFieldProps) {
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldShell {...ids} label={label} hint={hint} error={error} required={required} className={className}>
      <input
        id={ids.controlId}
        type={type}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        aria-required={required || undefined}
        className={cn(controlBase, error ? borderError : borderOk)}
        {...input}
      />
    </FieldShell>
  );
}

export type PasswordFieldProps = Omit<TextFieldProps, "type">;

export function PasswordField({ label, hint, error, required, className, id, ...input }: PasswordFieldProps) {
  const ids = useFieldIds(id, hint, error);
  const [visible, setVisible] = useState(false);
  return (
    <FieldShell {...ids} label={label} hint={hint} error={error} required={required} className={className}>
      <div className="relative">
        <input
          id={ids.controlId}
          type={visible ? "text" : "password"}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          aria-required={required || undefined}
          autoCapitalize="none"
          spellCheck={false}
          className={cn(controlBase, "pr-20", error ? borderError : borderOk)}
          {...input}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-controls={ids.controlId}
          className="absolute inset-y-1 right-1 rounded px-3 text-sm font-medium text-brand-700 hover:bg-brand-50 dark:text-brand-200 dark:hover:bg-slate-800"
        >
          {visible ? "Hide" : "Show"}
          <span className="sr-only"> password</span>
        </button>
      </div>
    </FieldShell>
  );
}

export type TextareaProps = FieldMeta & Omit<ComponentPropsWithRef<"textarea">, "className" | "required">;

export function Textarea({ label, hint, error, required, className, id, rows = 4, ...textarea }: TextareaProps) {
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldShell {...ids} label={label} hint={hint} error={error} required={required} className={className}>
      <textarea
        id={ids.controlId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        aria-required={required || undefined}
        className={cn(controlBase, error ? borderError : borderOk)}
        {...textarea}
      />
    </FieldShell>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export type SelectProps = FieldMeta &
  Omit<ComponentPropsWithRef<"select">, "className" | "required"> & {
    options: readonly SelectOption[];
    /** A first, empty option, e.g. "Select a state". */
    placeholder?: string;
  };

export function Select({ label, hint, error, required, className, id, options, placeholder, ...select }: SelectProps) {
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldShell {...ids} label={label} hint={hint} error={error} required={required} className={className}>
      <select
        id={ids.controlId}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        aria-required={required || undefined}
        className={cn(controlBase, "pr-8", error ? borderError : borderOk)}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export type CheckboxProps = Omit<ComponentPropsWithRef<"input">, "className" | "type" | "required"> & {
  label: ReactNode;
  description?: ReactNode;
  error?: string;
  required?: boolean;
  className?: string;
};

export function Checkbox({ label, description, error, required, className, id, ...input }: CheckboxProps) {
  const generated = useId();
  const controlId = id ?? `c${generated}`;
  const descriptionId = description ? `${controlId}-desc` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("space-y-1", className)}>
      <div className="flex items-start gap-3">
        <input
          id={controlId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          aria-required={required || undefined}
          className="mt-0.5 size-5 shrink-0 cursor-pointer rounded border-slate-500 accent-brand-700 dark:accent-brand-300"
          {...input}
        />
        <div className="min-w-0">
          <label htmlFor={controlId} className="cursor-pointer text-base text-slate-900 dark:text-slate-100">
            {label}
          </label>
          {required && <RequiredMark />}
          {description && (
            <p id={descriptionId} className={hintClasses}>
              {description}
            </p>
          )}
        </div>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export type FileFieldProps = FieldMeta &
  Omit<ComponentPropsWithRef<"input">, "className" | "required" | "type"> & {
    /** What was chosen (previews, progress, Remove), under the field's error. */
    chosen?: ReactNode;
  };

/** A file picker: a dashed drop-style box with the browser's own button, labelled like every field. */
export function FileField({ label, hint, error, required, className, id, chosen, ...input }: FileFieldProps) {
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldShell
      {...ids}
      label={label}
      hint={hint}
      error={error}
      required={required}
      className={className}
      after={chosen}
    >
      <input
        id={ids.controlId}
        type="file"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        aria-required={required || undefined}
        className={cn(
          "block w-full cursor-pointer rounded-md border border-dashed border-slate-500 bg-white p-3 text-sm text-slate-800",
          "file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-brand-700 file:px-3 file:py-2 file:font-semibold file:text-white",
          "disabled:cursor-not-allowed dark:bg-slate-900 dark:text-slate-100 dark:file:bg-brand-300 dark:file:text-brand-950",
        )}
        {...input}
      />
    </FieldShell>
  );
}
