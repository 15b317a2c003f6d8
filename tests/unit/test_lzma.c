// SPDX-License-Identifier: GPL-2.0-or-later
/* lib/compress/lzma against raw LZMA1 streams (with and without the ARM-Thumb BCJ
 * filter) made by Python's lzma module and tools/packcold.py (the cold
 * part's two streams, the second with a preset dictionary), and its
 * refusal of corrupt, truncated and oversized input. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "lib/errno.h"
#include "lib/compress/lzma.h"
#include "tests/unit/helpers.h"

#define CAP (1 << 22)

static uint8_t *run_python(const char *script, size_t *len)
{
	char cmd[4096 + PATH_MAX];
	FILE *p;
	uint8_t *buf = malloc(CAP);
	size_t n = 0, r;

	snprintf(cmd, sizeof(cmd), "/usr/bin/python3 -c '%s'", script);
	p = popen(cmd, "r");
	assert_non_null(p);
	while ((r = fread(buf + n, 1, CAP - n, p)) > 0)
		n += r;
	assert_int_equal(pclose(p), 0);
	*len = n;
	return buf;
}

/* The plain data: text-like bytes, random ones, repeats, and Thumb BL
 * pairs (0xF000 | hi, 0xF800 | lo) that the BCJ filter rewrites. */
#define DATA "import lzma,random,struct,sys\nr=random.Random(%d)\nd=bytearray()\n" \
	"while len(d)<%d:\n k=r.randrange(4)\n" \
	" if k==0: d+=bytes(r.choice(b\"gtaboot OMAP3 \") for i in range(r.randrange(1,40)))\n" \
	" elif k==1: d+=bytes(r.randrange(256) for i in range(r.randrange(1,9)))\n" \
	" elif k==2 and len(d)>300: o=r.randrange(1,300); d+=d[-o:][:r.randrange(2,300)]\n" \
	" else: d+=struct.pack(\"<HH\",0xF000|r.randrange(2048),0xF800|r.randrange(2048))\n" \
	"d=bytes(d[:%d])\n"
#define FILTERS "f=[{\"id\":lzma.FILTER_LZMA1,\"preset\":%d,\"lc\":%u,\"lp\":%u,\"pb\":%u}]\n" \
	"if %d: f.insert(0,{\"id\":lzma.FILTER_ARMTHUMB})\n"

static uint16_t work[LZMA_PROBS(4, 0)];

struct stream {
	uint8_t *z, *d;
	size_t zlen, dlen;
};

static struct stream make(int seed, int size, int preset, unsigned lc, unsigned lp, unsigned pb,
			  int bcj)
{
	char script[2048];
	struct stream s;

	snprintf(script, sizeof(script), DATA FILTERS
		 "sys.stdout.buffer.write(lzma.compress(d,format=lzma.FORMAT_RAW,filters=f))",
		 seed, size, size, preset, lc, lp, pb, bcj);
	s.z = run_python(script, &s.zlen);
	snprintf(script, sizeof(script), DATA "sys.stdout.buffer.write(d)", seed, size, size);
	s.d = run_python(script, &s.dlen);
	return s;
}

static void check(int seed, int size, int preset, unsigned lc, unsigned lp, unsigned pb, int bcj)
{
	struct stream s = make(seed, size, preset, lc, lp, pb, bcj);
	uint8_t *out = malloc(s.dlen + 16);
	size_t outlen = 0;

	memset(out, 0xAA, s.dlen + 16);
	assert_int_equal(lzma_decode(out, s.dlen, s.z, s.zlen, lc, lp, pb, work, sizeof(work),
				     &outlen), 0);
	assert_int_equal(outlen, s.dlen);
	if (bcj)
		bcj_thumb_decode(out, outlen, 0);
	assert_memory_equal(out, s.d, s.dlen);
	for (int i = 0; i < 16; i++)
		assert_int_equal(out[s.dlen + i], 0xAA);
	/* One byte short of room: refused, nothing written past the end. */
	if (s.dlen > 0) {
		memset(out, 0xAA, s.dlen + 16);
		assert_int_equal(lzma_decode(out, s.dlen - 1, s.z, s.zlen, lc, lp, pb, work,
					     sizeof(work), NULL), -ENOSPC);
		for (int i = 0; i < 17; i++)
			assert_int_equal(out[s.dlen - 1 + i], 0xAA);
	}
	/* Truncated anywhere: refused (the end marker is the last thing). */
	for (size_t cut = 0; cut < s.zlen; cut += 1 + cut / 8)
		assert_int_equal(lzma_decode(out, s.dlen + 16, s.z, cut, lc, lp, pb, work,
					     sizeof(work), NULL), -EBADMSG);
	free(s.z);
	free(s.d);
	free(out);
}

/* The cold part's properties and filter (mlo_layout.h) */
static void test_packcold(void **st)  { check(1, 150000, 9, 3, 1, 1, 1); (void)st; }
static void test_default(void **st)   { check(2, 40000, 6, 3, 0, 2, 0); (void)st; }
static void test_lc0_lp2(void **st)   { check(3, 20000, 6, 0, 2, 0, 0); (void)st; }
static void test_lc4_pb4(void **st)   { check(4, 20000, 9, 4, 0, 4, 1); (void)st; }
static void test_fast(void **st)      { check(5, 30000, 0, 1, 1, 1, 0); (void)st; }
static void test_tiny(void **st)      { check(6, 1, 6, 3, 0, 2, 0); (void)st; }
static void test_empty(void **st)     { check(7, 0, 6, 3, 0, 2, 0); (void)st; }

/* Damaged streams: a clean error, or (where the damage still decodes)
 * output within its buffer; ASan checks every access. */
static void test_corrupt(void **st)
{
	struct stream s = make(8, 20000, 6, 3, 1, 1, 1);
	uint8_t *out = malloc(s.dlen);
	uint8_t *z = malloc(s.zlen);
	int errors = 0;

	for (size_t i = 0; i < s.zlen; i += 7) {
		memcpy(z, s.z, s.zlen);
		z[i] ^= (uint8_t)(1u << (i % 8));
		if (lzma_decode(out, s.dlen, z, s.zlen, 3, 1, 1, work, sizeof(work), NULL))
			errors++;
	}
	/* nearly every change breaks the stream or its end marker */
	assert_true(errors > (int)(s.zlen / 7) * 9 / 10);
	/* the range coder's first byte is always 0 */
	memcpy(z, s.z, s.zlen);
	z[0] = 1;
	assert_int_equal(lzma_decode(out, s.dlen, z, s.zlen, 3, 1, 1, work, sizeof(work), NULL),
			 -EBADMSG);
	assert_int_equal(lzma_decode(out, s.dlen, NULL, 0, 3, 1, 1, work, sizeof(work), NULL),
			 -EBADMSG);
	free(z);
	free(s.z);
	free(s.d);
	free(out);
	(void)st;
}

/* A match before anything was written: nothing to copy from. */
static void test_far_match(void **st)
{
	/* first packet "match, distance 0": is_match = 1 with everything at
	 * 1/2, coded as a range-coder value just above half */
	const uint8_t z[] = { 0x00, 0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00 };
	const uint8_t rep[] = { 0x00, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00 };
	uint8_t out[64];

	assert_int_equal(lzma_decode(out, sizeof(out), z, sizeof(z), 3, 0, 2, work, sizeof(work),
				     NULL), -EBADMSG);
	assert_int_equal(lzma_decode(out, sizeof(out), rep, sizeof(rep), 3, 0, 2, work,
				     sizeof(work), NULL), -EBADMSG);
	(void)st;
}

static void test_params(void **st)
{
	const uint8_t z[] = { 0, 0, 0, 0, 0 };
	uint8_t out[4];

	assert_int_equal(lzma_decode(out, 4, z, 5, 9, 0, 2, work, sizeof(work), NULL), -EINVAL);
	assert_int_equal(lzma_decode(out, 4, z, 5, 3, 5, 2, work, sizeof(work), NULL), -EINVAL);
	assert_int_equal(lzma_decode(out, 4, z, 5, 3, 0, 5, work, sizeof(work), NULL), -EINVAL);
	assert_int_equal(lzma_decode(out, 4, z, 5, 3, 0, 2, work, LZMA_WORK_BYTES(3, 0) - 2, NULL),
			 -EINVAL);
	(void)st;
}

/*
 * In steps, as arch/arm/cold.c unpacks the second stream page by page:
 * the same bytes as in one go, every step at least as far as asked and
 * never past the buffer. The BCJ filter works on a copy (its output cannot
 * be the decoder's dictionary) in steps, each starting where the last said
 * its output stopped being final, with the same result as in one go.
 */
static void test_steps(void **st)
{
	struct stream s = make(9, 150000, 9, 3, 1, 1, 1);
	uint8_t *out = malloc(s.dlen + 16), *code = malloc(s.dlen), *whole = malloc(s.dlen);
	struct lzma_dec d;
	size_t fin = 0, outlen = 0;
	unsigned steps = 0;

	assert_int_equal(lzma_decode(whole, s.dlen, s.z, s.zlen, 3, 1, 1, work, sizeof(work),
				     &outlen), 0);
	bcj_thumb_decode(whole, outlen, 0);
	assert_memory_equal(whole, s.d, s.dlen);
	memset(out, 0xAA, s.dlen + 16);
	assert_int_equal(lzma_dec_init(&d, out, s.dlen, s.z, s.zlen, 3, 1, 1, work,
				       sizeof(work)), 0);
	for (size_t until = 1; !d.done; until += 1 + (until * 7) % 4099, steps++) {
		assert_int_equal(lzma_dec_run(&d, until), 0);
		assert_true(d.done || d.pos >= until);
		assert_true(d.pos <= s.dlen);
		memcpy(code + fin, out + fin, d.pos - fin);
		fin += bcj_thumb_decode(code + fin, d.pos - fin, (uint32_t)fin);
		assert_true(d.pos - fin <= 3);
	}
	assert_true(steps > 20);
	assert_int_equal(d.pos, s.dlen);
	assert_memory_equal(code, s.d, s.dlen);
	for (int i = 0; i < 16; i++)
		assert_int_equal(out[s.dlen + i], 0xAA);
	/* done stays done; an error stays */
	assert_int_equal(lzma_dec_run(&d, SIZE_MAX), 0);
	assert_int_equal(lzma_dec_init(&d, out, s.dlen - 1, s.z, s.zlen, 3, 1, 1, work,
				       sizeof(work)), 0);
	assert_int_equal(lzma_dec_run(&d, 1000), 0);
	assert_int_equal(lzma_dec_run(&d, SIZE_MAX), -ENOSPC);
	assert_int_equal(lzma_dec_run(&d, 1), -ENOSPC);
	assert_int_equal(lzma_dec_init(&d, out, s.dlen, s.z, 3, 3, 1, 1, work, sizeof(work)),
			 -EBADMSG);
	assert_int_equal(lzma_dec_run(&d, 1), -EBADMSG);
	free(s.z);
	free(s.d);
	free(out);
	free(code);
	free(whole);
	(void)st;
}

/*
 * The two streams as tools/packcold.py packs the cold part and
 * arch/arm/cold.c unpacks it: the first alone into the dictionary, the
 * second behind it with the first as its preset dictionary (pos set
 * before the first run), in steps; then each filtered as code. Without
 * the first's bytes in front, the second does not decode.
 */
static void test_preset(void **st)
{
	enum { SIZE = 120000, SPLIT = 40960 };
	char script[2048 + PATH_MAX];
	size_t zlen, dlen, outlen = 0;
	uint8_t *z, *d, *dict = malloc(SIZE), *code = malloc(SIZE);
	uint32_t alen;
	struct lzma_dec dec;

	/* the tests run from build/host: tools/ by the repository's root */
	snprintf(script, sizeof(script), DATA "sys.path.insert(0,\"%s/tools\")\nimport packcold\n"
		 "sys.stdout.buffer.write(packcold.pack_split(d,%d))", 10, SIZE, SIZE, repo_root(),
		 SPLIT);
	z = run_python(script, &zlen);
	snprintf(script, sizeof(script), DATA "sys.stdout.buffer.write(d)", 10, SIZE, SIZE);
	d = run_python(script, &dlen);
	assert_int_equal(dlen, SIZE);
	memcpy(&alen, z, 4);
	assert_true(alen + 4 < zlen);
	assert_int_equal(lzma_decode(dict, SPLIT, z + 4, alen, 3, 1, 1, work, sizeof(work),
				     &outlen), 0);
	assert_int_equal(outlen, SPLIT);
	assert_int_equal(lzma_dec_init(&dec, dict, SIZE, z + 4 + alen, zlen - 4 - alen, 3, 1, 1,
				       work, sizeof(work)), 0);
	dec.pos = SPLIT;
	for (size_t until = SPLIT + 1; !dec.done; until += 4096)
		assert_int_equal(lzma_dec_run(&dec, until), 0);
	assert_int_equal(dec.pos, SIZE);
	memcpy(code, dict, SIZE);
	bcj_thumb_decode(code, SPLIT, 0);
	bcj_thumb_decode(code + SPLIT, SIZE - SPLIT, SPLIT);
	assert_memory_equal(code, d, SIZE);
	/* the second alone, as if from its own start: refused or other bytes */
	memset(dict, 0, SIZE);
	if (lzma_decode(dict, SIZE - SPLIT, z + 4 + alen, zlen - 4 - alen, 3, 1, 1, work,
			sizeof(work), &outlen) == 0) {
		bcj_thumb_decode(dict, outlen, SPLIT);
		assert_true(outlen != SIZE - SPLIT || memcmp(dict, d + SPLIT, outlen) != 0);
	}
	free(z);
	free(d);
	free(dict);
	free(code);
	(void)st;
}

/* BL pairs go back from absolute to relative; other halfwords stay. */
static void test_bcj(void **st)
{
	/* at offset 4: BL to 0x1000 + 4 + 4 + 0x123456 made absolute at 0x1000 */
	uint32_t start = 0x1000, at = 4, rel = 0x123456, abs = (start + at + 4 + rel) >> 1;
	uint8_t b[12] = { 0x11, 0x22, 0x33, 0x44 };

	b[at + 1] = (uint8_t)(0xF0 | ((abs >> 19) & 7));
	b[at] = (uint8_t)(abs >> 11);
	b[at + 3] = (uint8_t)(0xF8 | ((abs >> 8) & 7));
	b[at + 2] = (uint8_t)abs;
	b[8] = 0x00; b[9] = 0xF0;   /* a lone first half at the end: untouched */
	/* final up to the lone half at 8, which might continue */
	assert_int_equal(bcj_thumb_decode(b, sizeof(b), start), 10);
	assert_int_equal(b[0], 0x11);
	assert_int_equal(b[3], 0x44);
	rel >>= 1;
	assert_int_equal(b[at + 1], 0xF0 | ((rel >> 19) & 7));
	assert_int_equal(b[at], (uint8_t)(rel >> 11));
	assert_int_equal(b[at + 3], 0xF8 | ((rel >> 8) & 7));
	assert_int_equal(b[at + 2], (uint8_t)rel);
	assert_int_equal(b[8], 0x00);
	assert_int_equal(b[9], 0xF0);
	assert_int_equal(bcj_thumb_decode(b, 0, 0), 0);
	assert_int_equal(bcj_thumb_decode(b, 3, 0), 0);
	(void)st;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_packcold),
		cmocka_unit_test(test_default),
		cmocka_unit_test(test_lc0_lp2),
		cmocka_unit_test(test_lc4_pb4),
		cmocka_unit_test(test_fast),
		cmocka_unit_test(test_tiny),
		cmocka_unit_test(test_empty),
		cmocka_unit_test(test_corrupt),
		cmocka_unit_test(test_far_match),
		cmocka_unit_test(test_params),
		cmocka_unit_test(test_steps),
		cmocka_unit_test(test_preset),
		cmocka_unit_test(test_bcj),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
