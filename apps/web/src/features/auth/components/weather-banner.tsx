import { Cloud, CloudRain, CloudSun, Snowflake, Sun, Wind } from 'lucide-react';

const ICONS = [
  { Icon: Sun, tone: 'bg-amber-100 text-amber-500' },
  { Icon: CloudSun, tone: 'bg-sky-100 text-sky-500' },
  { Icon: Cloud, tone: 'bg-slate-100 text-slate-400' },
  { Icon: CloudRain, tone: 'bg-blue-100 text-blue-500' },
  { Icon: Snowflake, tone: 'bg-indigo-100 text-indigo-400' },
  { Icon: Wind, tone: 'bg-teal-100 text-teal-500' },
];

/** A decorative row of weather icons above the login heading. */
export function WeatherBanner() {
  return (
    <div aria-hidden className="flex items-center justify-center gap-3">
      {ICONS.map(({ Icon, tone }, i) => (
        <span
          key={i}
          className={`flex size-12 items-center justify-center rounded-2xl shadow-sm ${tone} ${i % 2 === 1 ? 'translate-y-2' : ''}`}
        >
          <Icon className="size-6" />
        </span>
      ))}
    </div>
  );
}
