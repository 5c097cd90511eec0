// SPDX-License-Identifier: GPL-2.0
/*
 * A backlight class device for the vm tests (decision 4.69): "picowl-test", 0..255, lit at 255,
 * with no hardware behind it. Every state the backlight core hands the driver is recorded, so a
 * test reads what picowl wrote and in which order, not only where it ended:
 * /sys/module/pw_test_backlight/parameters/writes lists them as "brightness/bl_power" words.
 */
#include <linux/backlight.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/platform_device.h>

#define PW_WRITES 64

static struct platform_device *pw_pdev;
static struct backlight_device *pw_bl;
static DEFINE_MUTEX(pw_lock);
static int pw_brightness[PW_WRITES];
static int pw_power[PW_WRITES];
static int pw_count;

static int
pw_update_status(struct backlight_device *bl)
{
	mutex_lock(&pw_lock);
	if (pw_count < PW_WRITES) {
		pw_brightness[pw_count] = bl->props.brightness;
		pw_power[pw_count] = bl->props.power;
		pw_count++;
	}
	mutex_unlock(&pw_lock);
	return 0;
}

static const struct backlight_ops pw_ops = {
	.update_status = pw_update_status,
};

static int
pw_writes_get(char *buf, const struct kernel_param *kp)
{
	int i, n = 0;

	mutex_lock(&pw_lock);
	for (i = 0; i < pw_count && n < PAGE_SIZE - 16; i++)
		n += scnprintf(buf + n, PAGE_SIZE - n, "%s%d/%d", i ? " " : "", pw_brightness[i],
			pw_power[i]);
	mutex_unlock(&pw_lock);
	n += scnprintf(buf + n, PAGE_SIZE - n, "\n");
	return n;
}

static const struct kernel_param_ops pw_writes_ops = {
	.get = pw_writes_get,
};
module_param_cb(writes, &pw_writes_ops, NULL, 0444);
MODULE_PARM_DESC(writes, "every brightness/bl_power the core set, in order");

static int __init
pw_init(void)
{
	struct backlight_properties props = {
		.type = BACKLIGHT_RAW,
		.max_brightness = 255,
		.brightness = 255,
		.power = FB_BLANK_UNBLANK,
	};

	pw_pdev = platform_device_register_simple("pw-test-backlight", -1, NULL, 0);
	if (IS_ERR(pw_pdev))
		return PTR_ERR(pw_pdev);
	pw_bl = backlight_device_register("picowl-test", &pw_pdev->dev, NULL, &pw_ops, &props);
	if (IS_ERR(pw_bl)) {
		platform_device_unregister(pw_pdev);
		return PTR_ERR(pw_bl);
	}
	return 0;
}

static void __exit
pw_exit(void)
{
	backlight_device_unregister(pw_bl);
	platform_device_unregister(pw_pdev);
}

module_init(pw_init);
module_exit(pw_exit);
MODULE_DESCRIPTION("picowl's test backlight");
MODULE_LICENSE("GPL");
