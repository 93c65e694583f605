import { describe, expect, it } from 'vitest';
import { buildPlaceIndex, createPlaceSearch, createPlaceSearchOver } from './place-search.js';
import { readKmaCsv } from './resources.js';

const TABLE = [
  ['level1', 'level2', 'level3', 'nx', 'ny', 'lon', 'lat'],
  ['서울특별시', '', '', '60', '127', '126.98', '37.56'],
  ['서울특별시', '강남구', '', '61', '126', '127.04', '37.51'],
  ['서울특별시', '강남구', '역삼1동', '61', '125', '127.03', '37.49'],
  ['서울특별시', '강동구', '', '62', '126', '127.12', '37.53'],
  ['부산광역시', '강서구', '강남동', '90', '76', '128.9', '35.2'],
  ['부산광역시', '강서구', '강남', '90', '77', '128.9', '35.3'],
  ['세종특별자치시', '세종특별자치시', '조치원읍', '66', '106', '127.29', '36.6'],
  ['경기도', '남양주시', '', '64', '128', '127.2', '37.6'],
];

const names = (list: { locationNames: string[] }[]) => list.map((l) => l.locationNames.join(' '));

describe('place search over a small table', () => {
  const search = createPlaceSearchOver(buildPlaceIndex(TABLE));

  it('ranks exact, then prefix, then contains; 시/도 and 시/군/구 before 읍/면/동; own name before a level above', () => {
    expect(names(search('강남', 10))).toEqual([
      '부산광역시 강서구 강남', // exact (a 읍/면/동's own name)
      '서울특별시 강남구', // prefix, 시/군/구
      '부산광역시 강서구 강남동', // prefix, 읍/면/동, its own name
      '서울특별시 강남구 역삼1동', // prefix, 읍/면/동, through 강남구
    ]);
    expect(names(search('강남구', 10))).toEqual(['서울특별시 강남구', '서울특별시 강남구 역삼1동']);
    expect(names(search('남', 10))).toEqual([
      '경기도 남양주시',
      '서울특별시 강남구',
      '부산광역시 강서구 강남동',
      '부산광역시 강서구 강남',
      '서울특별시 강남구 역삼1동',
    ]);
  });

  it('answers the grid cell, the coordinates and the level names of each place', () => {
    expect(search('역삼1동', 1)).toEqual([
      {
        latitude: 37.49,
        longitude: 127.03,
        x: 61,
        y: 125,
        locationNames: ['서울특별시', '강남구', '역삼1동'],
      },
    ]);
    expect(names(search('조치원', 5))).toEqual(['세종특별자치시 조치원읍']);
  });

  it('needs every word of a multi-word query on some level, one of them on the place itself', () => {
    expect(names(search('서울 역삼', 10))).toEqual(['서울특별시 강남구 역삼1동']);
    expect(names(search('부산 역삼', 10))).toEqual([]);
    expect(names(search('서울 강', 10))).toEqual([
      '서울특별시 강남구',
      '서울특별시 강동구',
      '서울특별시 강남구 역삼1동',
    ]);
  });

  it('treats LIKE wildcards, backslashes and emoji as text that no name contains', () => {
    for (const q of ['%', '_', '\\', '%%', '강%', '강_', '😀', '강남😀'])
      expect(search(q, 20), q).toEqual([]);
  });

  it('keeps at most `limit` places', () => {
    expect(search('강', 2)).toHaveLength(2);
    expect(search('강', 0)).toEqual([]);
  });

  it('matches decomposed Hangul (NFD) and Latin letters in any case', () => {
    expect(names(search('강남구'.normalize('NFD'), 1))).toEqual(['서울특별시 강남구']);
  });
});

describe('place search over the bundled KMA table', () => {
  const search = createPlaceSearch();

  it('finds 강남, 해운대 and 제주 with the 시/군/구 or 시/도 first', () => {
    expect(search('강남', 10)[0]!.locationNames).toEqual(['서울특별시', '강남구']);
    expect(search('해운대', 10)[0]!.locationNames).toEqual(['부산광역시', '해운대구']);
    const jeju = search('제주', 10).map((l) => l.locationNames.join(' '));
    expect(jeju.slice(0, 3)).toEqual(['제주특별자치도', '제주특별자치도 제주시', '제주특별자치도 서귀포시']);
    expect(jeju).toHaveLength(10);
  });

  it('answers a one-character query over thousands of names in a fraction of a millisecond of CPU', () => {
    // Uncached: the index alone (the shared search also remembers recent answers).
    const raw = createPlaceSearchOver(buildPlaceIndex(readKmaCsv('kma-regions.csv')));
    for (const q of ['동', '구', '서울 역삼']) {
      raw(q, 20);
      const before = process.cpuUsage();
      for (let i = 0; i < 200; i++) raw(q, 20);
      const used = process.cpuUsage(before);
      expect((used.user + used.system) / 1000 / 200, q).toBeLessThan(1);
    }
    expect(search('동', 20)).toBe(search('동', 20));
  });
});
