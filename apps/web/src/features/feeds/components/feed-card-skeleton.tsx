/** A grey stand-in for a feed card while the page loads. */
export function FeedCardSkeleton() {
  return (
    <div
      aria-hidden
      className="flex animate-pulse flex-col overflow-hidden rounded-[var(--radius-card)] border border-line bg-white"
    >
      <div className="aspect-square bg-surface" />
      <div className="flex flex-col gap-2.5 p-4">
        <div className="flex items-center gap-2">
          <div className="size-[26px] rounded-full bg-surface" />
          <div className="h-3.5 w-20 rounded bg-surface" />
        </div>
        <div className="h-3.5 w-full rounded bg-surface" />
        <div className="h-3.5 w-2/3 rounded bg-surface" />
        <div className="mt-2 h-3 w-1/2 rounded bg-surface" />
      </div>
    </div>
  );
}
