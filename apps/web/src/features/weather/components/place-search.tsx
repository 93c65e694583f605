import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MapPin } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { ko, type Location } from '@otboo/contract';
import { SearchInput } from '@/components/ui/search-input';
import { searchPlaces } from '@/features/weather/api/search-places';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { queryKeys } from '@/lib/query-keys';
import { cn } from '@/utils/cn';

/** Suggestions asked after the typing pauses this long, so a word typed quickly is one request. */
const DEBOUNCE_MS = 250;
const SUGGESTIONS = 8;

const placeName = (place: Location) => place.locationNames.join(' ');

interface PlaceSearchProps {
  onChoose(place: Location): void;
  /** The coordinate prompts ('좌표로 입력'), for a place the region table does not name; no link without it. */
  onEnterCoordinates?(): void;
  autoFocus?: boolean;
  className?: string;
}

/**
 * '동네 이름으로 찾기' (docs/product.md §2): a combobox whose suggestions come from the region table as the user types
 * (arrow keys move, Enter picks the highlighted suggestion or else the first, Escape closes), a hint of what to
 * type when nothing matches, and the '좌표로 입력' link behind it.
 */
export function PlaceSearch({ onChoose, onEnterCoordinates, autoFocus, className }: PlaceSearchProps) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const statusId = useId();
  const query = useDebouncedValue(text.trim(), DEBOUNCE_MS);
  const queryClient = useQueryClient();
  // What the box holds now, for an answer that comes after more typing.
  const typed = useRef('');

  const placesQuery = (word: string) => ({
    queryKey: queryKeys.weather.places(word),
    queryFn: ({ signal }: { signal: AbortSignal }) => searchPlaces(word, SUGGESTIONS, signal),
    retry: false,
  });
  const places = useQuery({ ...placesQuery(query), enabled: query !== '' });
  const found = query !== '' ? (places.data ?? []) : [];
  const showList = open && found.length > 0;

  let status = '';
  if (query !== '' && open) {
    if (places.isError) status = ko.places.searchFailed;
    else if (places.isFetching) status = ko.places.searching;
    else if (places.data?.length === 0) status = ko.places.noResultsHint(query);
  }

  function choose(place: Location) {
    setText(placeName(place));
    setOpen(false);
    setActive(-1);
    onChoose(place);
  }

  /** Enter before the suggestions for the text came: asks for them now and takes the first, unless typing went on. */
  async function chooseFirstOf(word: string) {
    try {
      const [first] = await queryClient.fetchQuery(placesQuery(word));
      if (first && typed.current.trim() === word) choose(first);
    } catch {
      // The status line says the search failed once the debounced query asks the same.
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (found.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + found.length) % found.length);
    } else if (event.key === 'Enter') {
      // Inside the settings form, Enter picks a place and never submits the form.
      event.preventDefault();
      if (text.trim() === '') return;
      const place = query === text.trim() ? (found[active] ?? found[0]) : undefined;
      if (place) choose(place);
      else void chooseFirstOf(text.trim());
    } else if (event.key === 'Escape' && showList) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  return (
    <div className={cn('flex flex-col gap-2', className)}>
      {/* The suggestions push what follows down instead of floating: the weather card clips what overflows it. */}
      <div>
        <SearchInput
          label={ko.places.searchLabel}
          placeholder={ko.places.searchPlaceholder}
          value={text}
          autoFocus={autoFocus}
          autoComplete="off"
          enterKeyHint="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-describedby={statusId}
          aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
          onChange={(event) => {
            setText(event.target.value);
            typed.current = event.target.value;
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={ko.places.searchLabel}
          hidden={!showList}
          className="mt-1 max-h-72 overflow-y-auto rounded-xl border border-line bg-white py-1 text-ink"
        >
          {found.map((place, index) => (
            <li
              key={`${place.x},${place.y},${placeName(place)}`}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              // The input keeps the focus (and the list stays) until the click has picked the place.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(place)}
              className={cn(
                'flex min-h-11 cursor-pointer items-center gap-2 px-4 text-[15px] break-keep',
                index === active ? 'bg-brand-50 text-brand-700' : 'hover:bg-surface-soft',
              )}
            >
              <MapPin className="size-4 shrink-0 text-brand-500" aria-hidden />
              {placeName(place)}
            </li>
          ))}
        </ul>
      </div>
      <p id={statusId} role="status" className="text-sm text-ink-soft">
        {status}
      </p>
      {onEnterCoordinates ? (
        <button
          type="button"
          onClick={onEnterCoordinates}
          className="inline-flex min-h-11 items-center self-start text-sm font-bold text-brand-700 underline underline-offset-4 hover:text-brand-600"
        >
          {ko.places.enterCoordinates}
        </button>
      ) : null}
    </div>
  );
}
