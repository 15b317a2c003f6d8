// SPDX-License-Identifier: GPL-2.0-or-later
/* Motorola S-record lines (the srec(5) format objcopy writes): count,
 * address, data and a checksum that makes the bytes sum to 0xFF. */
#include "lib/transfer/srec.h"

#include "lib/errno.h"

static int fail(const char **why, const char *msg, int err)
{
	*why = msg;
	return err;
}

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c |= 0x20;
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

int srec_decode(const char *line, size_t n, struct srec *r, const char **why)
{
	/* bytes of address for types 0..9; 4 is reserved */
	static const uint8_t abytes[10] = { 2, 2, 3, 4, 0, 2, 3, 4, 3, 2 };
	uint8_t b[256], sum = 0;
	size_t count;

	while (n && (line[n - 1] == ' ' || line[n - 1] == '\t' || line[n - 1] == '\r'))
		n--;
	if (n < 4 || line[0] != 'S' || line[1] < '0' || line[1] > '9' || line[1] == '4')
		return fail(why, "not an S-record (S0-S3, S5-S9)", -EINVAL);
	r->type = (uint8_t)(line[1] - '0');
	if (n % 2)
		return fail(why, "odd number of hex digits", -EINVAL);
	count = (n - 2) / 2;
	if (count > sizeof(b))
		return fail(why, "record too long", -EINVAL);
	for (size_t i = 0; i < count; i++) {
		int hi = hexval(line[2 + 2 * i]), lo = hexval(line[3 + 2 * i]);

		if (hi < 0 || lo < 0)
			return fail(why, "not a hex digit", -EINVAL);
		b[i] = (uint8_t)(hi << 4 | lo);
		sum += b[i];
	}
	/* b[0] counts the bytes after it: address, data, checksum */
	if (b[0] != count - 1)
		return fail(why, "byte count does not match the line", -EINVAL);
	if (b[0] < abytes[r->type] + 1)
		return fail(why, "byte count too small for the address", -EINVAL);
	if (sum != 0xFF)
		return fail(why, "checksum mismatch", -EBADMSG);
	r->addr = 0;
	for (unsigned i = 0; i < abytes[r->type]; i++)
		r->addr = r->addr << 8 | b[1 + i];
	r->len = (uint8_t)(b[0] - abytes[r->type] - 1);
	if (r->len > SREC_DATA_MAX)
		return fail(why, "record too long", -EINVAL);
	for (unsigned i = 0; i < r->len; i++)
		r->data[i] = b[1 + abytes[r->type] + i];
	return 0;
}
