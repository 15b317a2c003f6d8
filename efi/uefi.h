/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The UEFI interfaces gtaboot's EFI image offers, as the UEFI 2.10
 * specification lays them out for 32-bit Arm (AAPCS, UINTN 32 bits,
 * 64-bit fields 8-byte aligned): the system table (4.3), boot services
 * (4.4, 7), runtime services (4.5, 8), the console protocols (12.3, 12.4),
 * LoadedImage (9.1) and device paths (10.3). Written from the
 * specification; only what the image implements or must lay out.
 */
#ifndef EFI_UEFI_H
#define EFI_UEFI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint32_t efi_status;
typedef void *efi_handle;
typedef void *efi_event;
typedef uint16_t char16;

#define EFIERR(n)               (0x80000000u | (n))
#define EFI_SUCCESS             0u
#define EFI_LOAD_ERROR          EFIERR(1)
#define EFI_INVALID_PARAMETER   EFIERR(2)
#define EFI_UNSUPPORTED         EFIERR(3)
#define EFI_BUFFER_TOO_SMALL    EFIERR(5)
#define EFI_NOT_READY           EFIERR(6)
#define EFI_DEVICE_ERROR        EFIERR(7)
#define EFI_OUT_OF_RESOURCES    EFIERR(9)
#define EFI_NOT_FOUND           EFIERR(14)
#define EFI_ACCESS_DENIED       EFIERR(15)
#define EFI_ALREADY_STARTED     EFIERR(20)
#define EFI_ABORTED             EFIERR(21)

typedef struct {
	uint32_t a;
	uint16_t b, c;
	uint8_t d[8];
} efi_guid;

#define GUID(a, b, c, d0, d1, d2, d3, d4, d5, d6, d7) \
	{ a, b, c, { d0, d1, d2, d3, d4, d5, d6, d7 } }

struct efi_table_header {
	uint64_t signature;
	uint32_t revision, header_size, crc32, reserved;
};

#define EFI_REVISION        ((2u << 16) | 100u)    /* 2.10 */
#define EFI_SYSTEM_SIG      0x5453595320494249ull  /* "IBI SYST" */
#define EFI_BOOT_SIG        0x56524553544f4f42ull  /* "BOOTSERV" */
#define EFI_RUNTIME_SIG     0x56524553544e5552ull  /* "RUNTSERV" */

struct efi_input_key {
	uint16_t scan;
	char16 unicode;
};

struct efi_text_in {
	efi_status (*reset)(struct efi_text_in *self, bool ext);
	efi_status (*read_key)(struct efi_text_in *self, struct efi_input_key *key);
	efi_event wait_for_key;
};

/* EFI_SIMPLE_TEXT_INPUT_EX_PROTOCOL (UEFI 2.10 12.2) */
#define EFI_SHIFT_STATE_VALID      0x80000000u
#define EFI_LEFT_CONTROL_PRESSED   0x00000008u
#define EFI_TOGGLE_STATE_VALID     0x80u

struct efi_key_state {
	uint32_t shift;
	uint8_t toggle;
};

struct efi_key_data {
	struct efi_input_key key;
	struct efi_key_state state;
};

typedef efi_status (*efi_key_notify_fn)(struct efi_key_data *key);

struct efi_text_in_ex {
	efi_status (*reset)(struct efi_text_in_ex *self, bool ext);
	efi_status (*read_key_ex)(struct efi_text_in_ex *self, struct efi_key_data *key);
	efi_event wait_for_key_ex;
	efi_status (*set_state)(struct efi_text_in_ex *self, const uint8_t *toggle);
	efi_status (*register_notify)(struct efi_text_in_ex *self, const struct efi_key_data *key,
				      efi_key_notify_fn fn, void **handle);
	efi_status (*unregister_notify)(struct efi_text_in_ex *self, void *handle);
};

struct efi_text_mode {
	int32_t max_mode, mode, attribute, cursor_column, cursor_row;
	bool cursor_visible;
};

struct efi_text_out {
	efi_status (*reset)(struct efi_text_out *self, bool ext);
	efi_status (*output_string)(struct efi_text_out *self, const char16 *s);
	efi_status (*test_string)(struct efi_text_out *self, const char16 *s);
	efi_status (*query_mode)(struct efi_text_out *self, uint32_t mode, uint32_t *cols,
				 uint32_t *rows);
	efi_status (*set_mode)(struct efi_text_out *self, uint32_t mode);
	efi_status (*set_attribute)(struct efi_text_out *self, uint32_t attr);
	efi_status (*clear_screen)(struct efi_text_out *self);
	efi_status (*set_cursor)(struct efi_text_out *self, uint32_t col, uint32_t row);
	efi_status (*enable_cursor)(struct efi_text_out *self, bool on);
	struct efi_text_mode *mode;
};

struct efi_config_table {
	efi_guid guid;
	void *table;
};

struct efi_boot_services;
struct efi_runtime_services;

struct efi_system_table {
	struct efi_table_header hdr;
	char16 *fw_vendor;
	uint32_t fw_revision;
	efi_handle con_in_handle;
	struct efi_text_in *con_in;
	efi_handle con_out_handle;
	struct efi_text_out *con_out;
	efi_handle stderr_handle;
	struct efi_text_out *std_err;
	struct efi_runtime_services *runtime;
	struct efi_boot_services *boot;
	uint32_t ntables;
	struct efi_config_table *tables;
};

typedef void (*efi_notify_fn)(efi_event ev, void *ctx);

struct efi_boot_services {
	struct efi_table_header hdr;
	uint32_t (*raise_tpl)(uint32_t tpl);
	void (*restore_tpl)(uint32_t tpl);
	efi_status (*allocate_pages)(int how, uint32_t type, uint32_t pages, uint64_t *addr);
	efi_status (*free_pages)(uint64_t addr, uint32_t pages);
	efi_status (*get_memory_map)(uint32_t *size, void *map, uint32_t *key, uint32_t *desc_size,
				     uint32_t *desc_version);
	efi_status (*allocate_pool)(uint32_t type, uint32_t size, void **buf);
	efi_status (*free_pool)(void *buf);
	efi_status (*create_event)(uint32_t type, uint32_t tpl, efi_notify_fn fn, void *ctx,
				   efi_event *ev);
	efi_status (*set_timer)(efi_event ev, int type, uint64_t trigger);
	efi_status (*wait_for_event)(uint32_t n, efi_event *evs, uint32_t *index);
	efi_status (*signal_event)(efi_event ev);
	efi_status (*close_event)(efi_event ev);
	efi_status (*check_event)(efi_event ev);
	efi_status (*install_protocol)(efi_handle *h, const efi_guid *g, int type, void *iface);
	void *reinstall_protocol;
	efi_status (*uninstall_protocol)(efi_handle h, const efi_guid *g, void *iface);
	efi_status (*handle_protocol)(efi_handle h, const efi_guid *g, void **iface);
	void *reserved;
	efi_status (*register_protocol_notify)(const efi_guid *g, efi_event ev, void **reg);
	efi_status (*locate_handle)(int how, const efi_guid *g, void *key, uint32_t *size,
				    efi_handle *buf);
	efi_status (*locate_device_path)(const efi_guid *g, void **dp, efi_handle *h);
	efi_status (*install_configuration_table)(const efi_guid *g, void *table);
	efi_status (*load_image)(bool boot, efi_handle parent, void *dp, void *src, uint32_t size,
				 efi_handle *h);
	efi_status (*start_image)(efi_handle h, uint32_t *exit_size, char16 **exit_data);
	efi_status (*exit)(efi_handle h, efi_status st, uint32_t size, char16 *data);
	efi_status (*unload_image)(efi_handle h);
	efi_status (*exit_boot_services)(efi_handle h, uint32_t key);
	efi_status (*get_next_monotonic_count)(uint64_t *count);
	efi_status (*stall)(uint32_t us);
	efi_status (*set_watchdog_timer)(uint32_t timeout, uint64_t code, uint32_t size,
					 char16 *data);
	efi_status (*connect_controller)(efi_handle h, efi_handle *drv, void *dp, bool recursive);
	efi_status (*disconnect_controller)(efi_handle h, efi_handle drv, efi_handle child);
	efi_status (*open_protocol)(efi_handle h, const efi_guid *g, void **iface, efi_handle agent,
				    efi_handle controller, uint32_t attr);
	efi_status (*close_protocol)(efi_handle h, const efi_guid *g, efi_handle agent,
				     efi_handle controller);
	efi_status (*open_protocol_information)(efi_handle h, const efi_guid *g, void **buf,
						uint32_t *n);
	efi_status (*protocols_per_handle)(efi_handle h, efi_guid ***buf, uint32_t *n);
	efi_status (*locate_handle_buffer)(int how, const efi_guid *g, void *key, uint32_t *n,
					   efi_handle **buf);
	efi_status (*locate_protocol)(const efi_guid *g, void *reg, void **iface);
	efi_status (*install_multiple)(efi_handle *h, ...);
	efi_status (*uninstall_multiple)(efi_handle h, ...);
	efi_status (*calculate_crc32)(const void *data, uint32_t size, uint32_t *crc);
	void (*copy_mem)(void *dst, const void *src, uint32_t n);
	void (*set_mem)(void *dst, uint32_t n, uint8_t v);
	efi_status (*create_event_ex)(uint32_t type, uint32_t tpl, efi_notify_fn fn,
				      const void *ctx, const efi_guid *group, efi_event *ev);
};

struct efi_runtime_services {
	struct efi_table_header hdr;
	void *fn[14];   /* GetTime .. QueryVariableInfo, in the specification's order */
};

/* EFI_RT_PROPERTIES_TABLE (UEFI 2.10, 4.6.2) */
struct efi_rt_properties {
	uint16_t version, length;
	uint32_t supported;
};

struct efi_loaded_image {
	uint32_t revision;
	efi_handle parent;
	struct efi_system_table *system_table;
	efi_handle device;
	void *file_path;
	void *reserved;
	uint32_t options_size;
	void *options;
	void *image_base;
	uint64_t image_size;
	uint32_t code_type, data_type;
	efi_status (*unload)(efi_handle h);
};

/* A device path node (UEFI 2.10, 10.2) */
struct efi_dp {
	uint8_t type, subtype;
	uint8_t len[2];
};

/* Event types (7.1) */
#define EVT_TIMER               0x80000000u
#define EVT_NOTIFY_WAIT         0x00000100u
#define EVT_NOTIFY_SIGNAL       0x00000200u
#define EVT_SIGNAL_EXIT_BOOT_SERVICES 0x00000201u
enum { TIMER_CANCEL, TIMER_PERIODIC, TIMER_RELATIVE };
enum { ALL_HANDLES, BY_REGISTER_NOTIFY, BY_PROTOCOL };

bool efi_guid_eq(const efi_guid *a, const efi_guid *b);

#endif
