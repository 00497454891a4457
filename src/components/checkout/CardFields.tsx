import { TextField } from "@/components/ui";
import type { CardInput } from "./useLocalCheckoutActions";

/** Card number, expiry and CVC, as the local checkout and portal ask for them. */
export function CardFields({
  card,
  onChange,
  compact = false,
}: {
  card: CardInput;
  onChange: (card: CardInput) => void;
  /** The portal's smaller card box: tighter, without example placeholders. */
  compact?: boolean;
}) {
  return (
    <>
      <TextField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder={compact ? undefined : "1234 1234 1234 1234"}
        value={card.number}
        onChange={(e) => onChange({ ...card, number: e.target.value })}
        required
      />
      <div className={compact ? "grid grid-cols-2 gap-3" : "grid grid-cols-2 gap-4"}>
        <TextField
          label="Expiry (MM/YY)"
          autoComplete="cc-exp"
          placeholder={compact ? undefined : "MM/YY"}
          value={card.expiry}
          onChange={(e) => onChange({ ...card, expiry: e.target.value })}
          required
        />
        <TextField
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          value={card.cvc}
          onChange={(e) => onChange({ ...card, cvc: e.target.value })}
          required
        />
      </div>
    </>
  );
}
