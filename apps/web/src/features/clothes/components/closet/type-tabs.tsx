import { useRef, type KeyboardEvent } from 'react';
import { CLOTHES_TYPES, ko, type ClothesType } from '@otboo/contract';
import { cn } from '@/utils/cn';

/** 전체 (no filter) and every clothes type, SCARF included (docs/product.md §2 "Closet"; §3 lists SCARF). */
const TABS: ReadonlyArray<{ value: ClothesType | undefined; label: string }> = [
  { value: undefined, label: ko.clothes.all },
  ...CLOTHES_TYPES.map((type) => ({ value: type, label: ko.clothes.types[type] })),
];

interface TypeTabsProps {
  value: ClothesType | undefined;
  onChange(value: ClothesType | undefined): void;
  /** The element the tabs filter (the grid). */
  controls: string;
}

/** The closet's filter bar: one tab per type; arrow keys, Home and End move between tabs. */
export function TypeTabs({ value, onChange, controls }: TypeTabsProps) {
  const list = useRef<HTMLDivElement>(null);
  const current = Math.max(
    0,
    TABS.findIndex((tab) => tab.value === value),
  );

  function onKeyDown(event: KeyboardEvent) {
    const moves: Record<string, number> = {
      ArrowRight: current + 1,
      ArrowLeft: current - 1,
      Home: 0,
      End: TABS.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const index = (target + TABS.length) % TABS.length;
    const tab = TABS[index];
    if (!tab) return;
    onChange(tab.value);
    list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[index]?.focus();
  }

  return (
    <div
      ref={list}
      role="tablist"
      aria-label={ko.clothes.filterLabel}
      onKeyDown={onKeyDown}
      className="flex gap-2 overflow-x-auto pb-1 [scrollbar-width:thin]"
    >
      {TABS.map((tab, index) => {
        const selected = index === current;
        return (
          <button
            key={tab.label}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={controls}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.value)}
            className={cn(
              'h-10 shrink-0 rounded-full px-4 text-[15px] transition-colors',
              selected
                ? 'bg-ink font-bold text-white'
                : 'border border-line bg-white text-ink-soft hover:bg-surface',
            )}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
