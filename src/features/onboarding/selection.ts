// Profession selection rules (spec §4): toggling adds or removes; the first profession
// chosen becomes primary automatically; removing the primary hands it to the next one left.
import { PROFESSION_CATEGORIES } from "@common/professions";

export interface ProfessionSelection {
  professions: string[];
  primaryProfession: string;
}

export function toggleProfession(selection: ProfessionSelection, value: string): ProfessionSelection {
  if (selection.professions.includes(value)) {
    const professions = selection.professions.filter((p) => p !== value);
    const primaryProfession =
      selection.primaryProfession === value ? (professions[0] ?? "") : selection.primaryProfession;
    return { professions, primaryProfession };
  }
  return {
    professions: [...selection.professions, value],
    primaryProfession: selection.primaryProfession || value,
  };
}

/** Selections grouped by catalogue category, in catalogue order; empty categories are dropped. */
export function groupByCategory(professions: readonly string[]) {
  return PROFESSION_CATEGORIES.map((category) => ({
    category,
    professions: category.professions.filter((p) => professions.includes(p.value)),
  })).filter((group) => group.professions.length > 0);
}
