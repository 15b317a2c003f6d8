// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * One algorithm for the two copies of U-Boot's redundant environment on
 * any medium: the copy to load, the copy and counter a save writes (see
 * envcopies.h; the rules from U-Boot's env/common.c and libubootenv:
 * docs/references.md, "Environment block and copies").
 */
#include "lib/env/envcopies.h"

#include "lib/env/envio.h"
#include "lib/errno.h"
#include "lib/log.h"
#include "lib/printf.h"
#include "lib/string.h"
#include "lib/env/ubenv.h"

/* A copy's name: its file, or "copy N" ("copy N at 0x..." where the
 * place matters). buf holds 24 bytes. */
static const char *name(const struct envcopies *m, int i, bool where, char *buf)
{
	if (m->file)
		return m->file[i];
	snprintf(buf, 24, where ? "copy %d at 0x%x" : "copy %d", i, (unsigned)m->off[i]);
	return buf;
}

/* Why a copy was refused: its read error, else its check's. */
static const char *why(const struct envcopies *m, int rd, int chk)
{
	if (rd)
		return rd == -EBADMSG && m->ecc ? "uncorrectable ECC error" :
		       rd == -EFBIG ? "larger than 128 KiB" : errname(rd);
	return chk == -EBADMSG ? "bad CRC" : "no valid entries";
}

static void import_warn(void *arg, unsigned n, const char *why, const char *name)
{
	(void)arg;
	printf("env: variable %u of the stored environment skipped: %s\n", n, why);
}

/*
 * U-Boot's single copy, when neither copy of the pair is valid: Debian's
 * or Letux's U-Boot saved it. A larger single copy (Letux: 256 KiB over
 * both of gtaboot's NAND copies) is also taken with its part past copy 0
 * read as zeros, which is what U-Boot's export pads with: a conversion
 * cut during its first write (copy 1, over that padding) leaves the
 * entries and the CRC intact. 0 when imported (the line is finished),
 * else an error.
 */
static int single_load(struct envcopies *m, struct env *e)
{
	static char value[0x2000];
	struct envio_import imp = { 0 };
	bool padded = false;
	int r = m->read_single(m);

	if (r < 0)
		return r;
	r = r ? -EBADMSG : ubenv_check(m->buf, m->single_size, false, NULL);
	if (r && m->single_size > m->size) {
		memset(m->buf + m->size, 0, m->single_size - m->size);
		r = ubenv_check(m->buf, m->single_size, false, NULL);
		padded = !r;
	}
	if (r)
		return r;
	printf("OK\n");
	printf("env: U-Boot's single-copy environment at 0x%x (%u KiB%s) is used; the next saveenv "
	       "converts it to gtaboot's redundant pair at 0x%x and 0x%x\n",
	       (unsigned)m->single_off, (unsigned)(m->single_size >> 10),
	       padded ? ", its padding lost to a conversion cut short" : "",
	       (unsigned)m->off[0], (unsigned)m->off[1]);
	m->from_single = true;
	m->current = -1;
	/* U-Boot's own copy, read by U-Boot's rules: its export escaped each
	 * '\\' in a value with another, its import drops them (libubootenv,
	 * which gtaboot's pair serves, does neither) */
	imp.sep = '\0';
	imp.warn = import_warn;
	imp.tmp = value;
	imp.tmp_size = sizeof(value);
	envio_import(e, (const char *)m->buf + UBENV_HDR_SINGLE, m->single_size - UBENV_HDR_SINGLE,
		     &imp);
	return 0;
}

void envcopies_load(struct envcopies *m, struct env *e)
{
	struct ubenv_copy cp[2];
	uint32_t size[2];
	int rd[2], chk[2], pick;
	char a[24], b[24];

	for (int i = 0; i < 2; i++) {
		cp[i].ok = false;
		rd[i] = m->read(m, i, &size[i]);
		chk[i] = rd[i] ? 0 : ubenv_check(m->buf, size[i], true, &cp[i]);
	}
	pick = ubenv_pick(&cp[0], &cp[1]);
	if (pick < 0 && m->single_size && !single_load(m, e))
		return;
	if (pick < 0) {
		/* U-Boot's words, so that scripts and users recognise it */
		pr_warn("*** Warning - bad CRC, using default environment\n");
		/* an absent copy, or erased blocks (the normal first boot):
		 * no detail then */
		for (int i = 0; i < 2; i++)
			if (rd[i] != -ENOENT && (rd[i] || chk[i] != -EBADMSG))
				printf("env: %s: %s\n", name(m, i, true, a), why(m, rd[i], chk[i]));
		return;
	}
	/* the buffer holds copy 1, read last */
	if (pick == 0 && m->read(m, 0, &size[0])) {
		pr_err("FAILED (%s unreadable)\n", name(m, 0, false, a));
		return;
	}
	printf("OK\n");
	if (!cp[!pick].ok && rd[!pick] != -ENOENT)
		pr_warn("env: %s refused (%s), using %s\n", name(m, !pick, true, a),
		       why(m, rd[!pick], chk[!pick]), name(m, pick, false, b));
	m->current = pick;
	m->flags = cp[pick].flags;
	ubenv_import(e, m->buf, size[pick], true, import_warn, NULL);
}

/* Writes copy i; on success it is the current copy. */
static int save_copy(struct envcopies *m, const struct env *e, int i, uint8_t flags,
		     const char *kept)
{
	int r = m->write(m, e, i, flags, kept);

	if (!r) {
		m->current = i;
		m->flags = flags;
	}
	return r;
}

int envcopies_save(struct envcopies *m, const struct env *e)
{
	bool first = m->current < 0;
	/* with no valid copy U-Boot's first save writes copy 0, counter 1 */
	int target = first ? 0 : !m->current, r;
	uint8_t flags = first ? 1 : ubenv_next_flags(m->flags);
	char a[24];

	if (m->from_single) {
		/* Copy 1 first: it holds none of the single copy's entries,
		 * so until it is whole the old copy still reads; then copy 0
		 * over the old one, with copy 1 good meanwhile. */
		printf("env: converting U-Boot's single-copy environment at 0x%x to gtaboot's "
		       "redundant pair (0x%x, 0x%x)\n", (unsigned)m->single_off,
		       (unsigned)m->off[0], (unsigned)m->off[1]);
		r = save_copy(m, e, 1, 1, "U-Boot's single copy");
		if (r)
			return r;
		m->from_single = false;
		return save_copy(m, e, 0, ubenv_next_flags(1), name(m, 1, false, a));
	}
	/* what a failed write leaves: the other copy; files are named */
	r = save_copy(m, e, target, flags,
		      !m->file ? "the other copy" : first ? NULL : m->file[m->current]);
	/* The first save also makes the other copy, with the lower counter,
	 * where the medium wants both to exist (libubootenv refuses a
	 * configured file that is missing). After the real copy, so a cut
	 * here loses nothing. */
	if (!r && first && m->twin)
		m->twin(m, e, !target, (uint8_t)(flags - 1));
	return r;
}
