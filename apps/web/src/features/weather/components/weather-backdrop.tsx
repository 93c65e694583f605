import type { PrecipitationType, SkyStatus } from '@otboo/contract';
import { cn } from '@/utils/cn';

/** Deep enough under white text (WCAG AA for the small labels) and still reads as its sky. */
const SKIES: Record<SkyStatus | 'UNKNOWN', string> = {
  CLEAR: 'from-[#2f80ed] via-[#2267d8] to-[#1b4fb8]',
  MOSTLY_CLOUDY: 'from-[#4b7cc0] via-[#3d66a6] to-[#304f86]',
  CLOUDY: 'from-[#6b7a8f] via-[#56657a] to-[#414e61]',
  UNKNOWN: 'from-[#5b7aa3] via-[#4a6690] to-[#3a5276]',
};

interface WeatherBackdropProps {
  /** Undefined while there is no weather yet: a neutral sky. */
  skyStatus?: SkyStatus;
  precipitationType?: PrecipitationType;
}

/**
 * The decorative sky behind the weather summary (docs/product.md §2): a gradient per sky status with a sun, clouds,
 * rain streaks or snowflakes drawn in CSS — no image files.
 */
export function WeatherBackdrop({ skyStatus, precipitationType = 'NONE' }: WeatherBackdropProps) {
  const sunny = skyStatus === 'CLEAR' || skyStatus === 'MOSTLY_CLOUDY';
  const clouds = skyStatus === 'MOSTLY_CLOUDY' ? 'few' : skyStatus === 'CLOUDY' ? 'many' : null;
  const rain =
    precipitationType === 'RAIN' || precipitationType === 'SHOWER' || precipitationType === 'RAIN_SNOW';
  const snow = precipitationType === 'SNOW' || precipitationType === 'RAIN_SNOW';
  return (
    <div
      aria-hidden
      data-sky={skyStatus ?? 'UNKNOWN'}
      className={cn(
        'pointer-events-none absolute inset-0 overflow-hidden bg-linear-to-br',
        SKIES[skyStatus ?? 'UNKNOWN'],
      )}
    >
      {sunny && precipitationType === 'NONE' ? (
        <>
          <div className="absolute -top-32 right-20 size-80 rounded-full bg-amber-200/30 blur-3xl" />
          <div className="absolute -top-12 right-44 size-32 rounded-full bg-linear-to-br from-amber-100 to-amber-300 shadow-[0_0_80px_30px_rgba(253,230,138,0.35)]" />
        </>
      ) : null}
      {clouds ? (
        <>
          <Cloud className="top-16 right-6 w-64 opacity-50" />
          <Cloud className="top-36 right-52 w-44 opacity-35" />
          {clouds === 'many' ? (
            <>
              <Cloud className="-top-6 right-72 w-72 opacity-30" />
              <Cloud className="top-4 -right-20 w-80 opacity-40" />
            </>
          ) : null}
        </>
      ) : null}
      {rain ? (
        <div className="absolute inset-0 bg-[repeating-linear-gradient(105deg,transparent_0_22px,rgba(255,255,255,0.14)_22px_24px)] [mask-image:linear-gradient(to_bottom,black,transparent_85%)]" />
      ) : null}
      {snow ? (
        <div className="absolute inset-0 bg-[radial-gradient(circle,rgba(255,255,255,0.55)_1.5px,transparent_2.5px)] bg-size-[28px_28px] [mask-image:linear-gradient(to_bottom,black,transparent_85%)]" />
      ) : null}
      {/* A soft floor so the forecast strip stays legible over any sky. */}
      <div className="absolute inset-x-0 bottom-0 h-1/2 bg-linear-to-t from-black/15 to-transparent" />
    </div>
  );
}

/** A cloud made of three overlapping rounded shapes. */
function Cloud({ className }: { className?: string }) {
  return (
    <div className={cn('absolute aspect-[2.4/1]', className)}>
      <div className="absolute bottom-0 left-0 h-1/2 w-full rounded-full bg-white" />
      <div className="absolute bottom-[20%] left-[18%] aspect-square w-[38%] rounded-full bg-white" />
      <div className="absolute bottom-[15%] left-[42%] aspect-square w-[45%] rounded-full bg-white" />
    </div>
  );
}
