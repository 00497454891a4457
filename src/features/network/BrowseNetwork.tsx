import { usePaginatedQuery } from "convex/react";
import { useId, useState } from "react";
import { PROFESSION_CATEGORIES, professionLabel } from "@common/professions";
import { Button, EmptyState, labelClasses, ListSkeleton, LoadMore, Select, TextField } from "@/components/ui";
import { api } from "@/lib/api";
import { DirectoryErrorBoundary } from "@/features/directory/DirectoryPage";
import { useDebouncedValue } from "@/lib/useDebouncedValue";
import { NetworkCopy } from "./copy";
import { PersonCard, SectionHeading, StateActions } from "./PersonCard";
import type { useNetworkActions } from "./useNetworkActions";

// Find professionals to connect with (spec §2 Network: search box, profession filter panel,
// results grid; §3 network sort options), through api.connections.browse, a page at a time.

const NETWORK_SORTS = [
  { value: "name", label: "Name (A–Z)" },
  { value: "name_desc", label: "Name (Z–A)" },
  { value: "profession", label: "Profession" },
  { value: "location", label: "Location" },
  { value: "recent", label: "Recently joined" },
] as const;
type NetworkSort = (typeof NETWORK_SORTS)[number]["value"];

const PAGE = 12;
const controlClasses =
  "block w-full rounded-md border border-slate-500 bg-white px-3 py-2 pr-8 text-base text-slate-900 shadow-sm " +
  "dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100";

export function BrowseNetwork({ actions }: { actions: ReturnType<typeof useNetworkActions> }) {
  const [text, setText] = useState("");
  const q = useDebouncedValue(text.trim(), 350);
  const [profession, setProfession] = useState("");
  const [sort, setSort] = useState<NetworkSort>("recent");
  const professionId = useId();
  const sortHint = q
    ? "Best matches first while searching."
    : profession
      ? `Newest ${professionLabel(profession)} members first.`
      : undefined;

  return (
    <section aria-labelledby="browse-heading">
      <SectionHeading id="browse-heading" title="Find Professionals">
        Search by name, business, trade or specialty, or filter by profession.
      </SectionHeading>
      <form
        role="search"
        aria-label="Search the network"
        onSubmit={(e) => e.preventDefault()}
        className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 sm:p-5 lg:grid-cols-3 dark:border-slate-700 dark:bg-slate-900"
      >
        <TextField
          label="Search professionals"
          type="search"
          placeholder="e.g. electrician, Austin roofing"
          value={text}
          maxLength={100}
          onChange={(e) => setText(e.target.value)}
          className="sm:col-span-2 lg:col-span-1"
        />
        <div className="space-y-1.5">
          <label htmlFor={professionId} className={labelClasses}>
            Profession
          </label>
          <select
            id={professionId}
            value={profession}
            onChange={(e) => setProfession(e.target.value)}
            className={controlClasses}
          >
            <option value="">All professions</option>
            {PROFESSION_CATEGORIES.map((category) => (
              <optgroup key={category.value} label={category.label}>
                {category.professions.map((p) => (
                  <option key={p.value} value={p.value}>
                    {p.label}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        <Select
          label="Sort by"
          options={NETWORK_SORTS.map((s) => ({ value: s.value, label: s.label }))}
          value={sort}
          disabled={sortHint !== undefined}
          hint={sortHint}
          onChange={(e) => setSort(e.target.value as NetworkSort)}
        />
        {(text || profession) && (
          <div className="sm:col-span-2 lg:col-span-3">
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setText("");
                setProfession("");
              }}
            >
              Clear search
            </Button>
          </div>
        )}
      </form>
      <div className="mt-4">
        <DirectoryErrorBoundary
          resetKey={`${q}|${profession}|${sort}`}
          title={NetworkCopy.loadFailedTitle}
          message={NetworkCopy.loadFailed}
        >
          <BrowseResults q={q} profession={profession} sort={sort} actions={actions} />
        </DirectoryErrorBoundary>
      </div>
    </section>
  );
}

function BrowseResults({
  q,
  profession,
  sort,
  actions,
}: {
  q: string;
  profession: string;
  sort: NetworkSort;
  actions: ReturnType<typeof useNetworkActions>;
}) {
  const { results, status, loadMore } = usePaginatedQuery(
    api.connections.browse,
    { ...(q ? { q } : {}), ...(profession ? { profession } : {}), sort },
    { initialNumItems: PAGE },
  );
  if (status === "LoadingFirstPage")
    return <ListSkeleton shape="person" layout="grid" label="Loading professionals..." />;
  if (results.length === 0 && status === "Exhausted") {
    return <EmptyState title={NetworkCopy.empty}>Try other words or another profession.</EmptyState>;
  }
  return (
    <div className="space-y-4">
      {results.length === 0 ? (
        <EmptyState>Nobody on this page. Load more to keep looking.</EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {results.map((card) => (
            <li key={card.user._id}>
              <PersonCard user={card.user} actions={<StateActions card={card} actions={actions} />} />
            </li>
          ))}
        </ul>
      )}
      <LoadMore status={status} onLoadMore={() => loadMore(PAGE)} />
    </div>
  );
}
