/**
 * A loopback Open-Meteo `/v1/forecast` for journeys that need real weather ids (posting a feed). It is the
 * server suites' fake (apps/server/test/fakes/open-meteo.ts), reused so that Open-Meteo's response format
 * is written down once.
 */
export {
  mildScenario,
  type FakeHour,
  startOpenMeteoFake,
  type OpenMeteoFake,
} from '../../apps/server/test/fakes/open-meteo.js';
