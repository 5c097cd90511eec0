// SPDX-License-Identifier: GPL-2.0
/*
 * picowl_dma: a DMA copy engine for picowl's fbdev backend (see picowl_dma.h).
 *
 * Mainline Linux gives user space no way to start a DMA copy into a framebuffer, but dmaengine
 * does memcpy on many SoCs (the PXA's pxa_dma: pxad_prep_memcpy). This module gives each opener
 * a DMA-coherent, write-combined shadow to compose into (mmap) and an ioctl that copies row
 * bands of it into the framebuffer's memory through a dmaengine memcpy channel, returning when
 * the controller is done. It counts the bytes it moved (PICOWL_DMA_STATS, and sysfs).
 *
 * Parameters (/sys/module/picowl_dma/parameters/): `chunk` splits each band into transactions
 * of at most that many bytes (0: one transaction a band, which the driver splits into its own
 * descriptors); `serial` waits for each transaction before the next is submitted, so the driver
 * never chains two in the hardware.
 *
 * `emulator`: for qemu's PXA DMA controller (hw/dma/pxa2xx_dma.c, qemu 7.2), which cannot run
 * what pxa_dma submits. (1) It takes DCMD's WIDTH field 0, which the PXA27x manual prescribes
 * for memory-to-memory moves and pxa_dma writes, as a width of 1 << -1 bytes and overruns its
 * 32-byte buffer: qemu dies of SIGSEGV at the first memcpy. (2) It stops after every
 * descriptor, with RUN still set, instead of following the chain: pxa_dma's interrupt handler,
 * writing DCSR back with RUN, then starts the next one, and after the last one a stray
 * descriptor at address 0, which leaves RUN set, so the driver thinks the next transaction
 * hot-chained and never starts it. With `emulator` each transaction is one data descriptor
 * (at most PDMA_MAX_DESC_BYTES) given WIDTH 4, waited for, and the channel terminated after
 * it. Never on real hardware: WIDTH 4 is reserved there for memory-to-memory moves.
 */
#include <linux/atomic.h>
#include <linux/completion.h>
#include <linux/dma-mapping.h>
#include <linux/dmaengine.h>
#include <linux/fb.h>
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/ktime.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "picowl_dma.h"

#if IS_ENABLED(CONFIG_PXA_DMA)
/* drivers/dma/pxa_dma.c's descriptors, as in Linux 6.1, for the emulator's workaround. */
#include "virt-dma.h"
struct pxad_desc_hw {
	u32 ddadr, dsadr, dtadr, dcmd;
} __aligned(16);
struct pxad_desc_sw {
	struct virt_dma_desc vd;
	int nb_desc;
	size_t len;
	dma_addr_t first;
	bool misaligned;
	bool cyclic;
	struct dma_pool *desc_pool;
	struct pxad_desc_hw *hw_desc[];
};
#define PXA_DCMD_WIDTH_MASK (3 << 14)
#define PXA_DCMD_WIDTH4 (3 << 14)
#define PXA_MAX_DESC_BYTES 8184 /* PDMA_MAX_DESC_BYTES */
#endif

static unsigned int chunk;
module_param(chunk, uint, 0644);
MODULE_PARM_DESC(chunk, "bytes per dmaengine transaction at most (0: a band each)");
static bool serial;
module_param(serial, bool, 0644);
MODULE_PARM_DESC(serial, "wait for each transaction before submitting the next");
static bool emulator;
module_param(emulator, bool, 0644);
MODULE_PARM_DESC(emulator, "work around qemu's pxa2xx_dma (see the source); never on hardware");
static bool debug;
module_param(debug, bool, 0644);
MODULE_PARM_DESC(debug, "log every transaction");
static unsigned int timeout_ms = 1000;
module_param(timeout_ms, uint, 0644);
MODULE_PARM_DESC(timeout_ms, "how long a copy may take before it is called failed");

static struct dma_chan *chan;
static DEFINE_MUTEX(chan_lock); /* one copy at a time on the channel */
static atomic64_t stat_bytes, stat_transfers, stat_copies, stat_ns;

struct pwdma {
	struct mutex lock;
	struct file *fb_file; /* held: the framebuffer stays */
	dma_addr_t fb_dma;
	size_t fb_len;
	void *shadow;
	dma_addr_t shadow_dma;
	size_t size;
};

static struct device *
dma_dev(void)
{
	return chan->device->dev;
}

static int
pwdma_open(struct inode *inode, struct file *file)
{
	struct pwdma *p = kzalloc(sizeof(*p), GFP_KERNEL);

	if (!p)
		return -ENOMEM;
	mutex_init(&p->lock);
	file->private_data = p;
	return 0;
}

static int
pwdma_release(struct inode *inode, struct file *file)
{
	struct pwdma *p = file->private_data;

	if (p->shadow)
		dma_free_wc(dma_dev(), p->size, p->shadow, p->shadow_dma);
	if (p->fb_file)
		fput(p->fb_file);
	kfree(p);
	return 0;
}

static long
pwdma_setup(struct pwdma *p, struct picowl_dma_setup __user *arg)
{
	struct picowl_dma_setup s;
	struct fb_info *info;
	struct file *fb;
	struct inode *inode;
	size_t size;

	if (copy_from_user(&s, arg, sizeof(s)))
		return -EFAULT;
	if (p->shadow)
		return -EBUSY;
	fb = fget(s.fb_fd);
	if (!fb)
		return -EBADF;
	inode = file_inode(fb);
	/* fbmem's open keeps the fb_info in private_data. */
	info = fb->private_data;
	if (!S_ISCHR(inode->i_mode) || imajor(inode) != FB_MAJOR || !info ||
		!info->fix.smem_start || !info->fix.smem_len) {
		fput(fb);
		return -ENOTTY;
	}
	size = PAGE_ALIGN(s.size);
	if (!s.size || s.size > info->fix.smem_len) {
		fput(fb);
		return -EINVAL;
	}
	p->shadow = dma_alloc_wc(dma_dev(), size, &p->shadow_dma, GFP_KERNEL);
	if (!p->shadow) {
		fput(fb);
		return -ENOMEM;
	}
	memset(p->shadow, 0, size);
	p->size = size;
	p->fb_file = fb;
	/* PXA: no IOMMU, physical addresses are the bus's. */
	p->fb_dma = info->fix.smem_start;
	p->fb_len = info->fix.smem_len;
	dev_info(dma_dev(),
		"picowl_dma: %zu byte shadow at %pad for fb%d \"%s\" at %pad (%zu bytes)\n", size,
		&p->shadow_dma, info->node, info->fix.id, &p->fb_dma, p->fb_len);
	return 0;
}

static void
pwdma_done(void *param)
{
	complete(param);
}

/* Submits one transaction; with `done`, its callback completes it. */
static int
submit(struct pwdma *p, u32 off, u32 len, struct completion *done, dma_cookie_t *cookie)
{
	struct dma_async_tx_descriptor *tx;

	tx = dmaengine_prep_dma_memcpy(chan, p->fb_dma + off, p->shadow_dma + off, len,
		DMA_PREP_INTERRUPT | DMA_CTRL_ACK);
	if (!tx)
		return -ENOMEM;
	if (emulator) {
#if IS_ENABLED(CONFIG_PXA_DMA)
		struct pxad_desc_sw *sw = container_of(tx, struct pxad_desc_sw, vd.tx);

		/* One data descriptor and pxa_dma's updater, or the layout is not 6.1's. */
		if (strcmp(dev_driver_string(dma_dev()), "pxa-dma") || sw->nb_desc != 2 ||
			sw->hw_desc[0]->dsadr != p->shadow_dma + off ||
			sw->hw_desc[0]->dtadr != p->fb_dma + off) {
			pr_err("picowl_dma: emulator: not pxa_dma's descriptors as in 6.1\n");
			dmaengine_desc_free(tx);
			return -EINVAL;
		}
		if (!(sw->hw_desc[0]->dcmd & PXA_DCMD_WIDTH_MASK))
			sw->hw_desc[0]->dcmd |= PXA_DCMD_WIDTH4;
#else
		return -EINVAL;
#endif
	}
	if (done) {
		tx->callback = pwdma_done;
		tx->callback_param = done;
	}
	*cookie = dmaengine_submit(tx);
	if (debug)
		pr_info("picowl_dma: %pad -> %pad, %u bytes: cookie %d\n", &p->shadow_dma,
			&p->fb_dma, len, *cookie);
	if (dma_submit_error(*cookie))
		return -EIO;
	atomic64_inc(&stat_transfers);
	return 0;
}

static int
wait(struct completion *done, dma_cookie_t cookie)
{
	dma_async_issue_pending(chan);
	if (debug)
		pr_info("picowl_dma: issued, waiting for %d\n", cookie);
	if (!wait_for_completion_timeout(done, msecs_to_jiffies(timeout_ms))) {
		pr_warn("picowl_dma: transaction %d not done after %u ms (status %d): stopped\n",
			cookie, timeout_ms, dma_async_is_tx_complete(chan, cookie, NULL, NULL));
		dmaengine_terminate_sync(chan);
		return -ETIMEDOUT;
	}
	if (debug)
		pr_info("picowl_dma: %d done, status %d\n", cookie,
			dma_async_is_tx_complete(chan, cookie, NULL, NULL));
	if (dma_async_is_tx_complete(chan, cookie, NULL, NULL) != DMA_COMPLETE)
		return -EIO;
	/* The emulator leaves RUN set after a stray descriptor: stop the channel for good. */
	if (emulator)
		dmaengine_terminate_sync(chan);
	return 0;
}

static long
pwdma_copy(struct pwdma *p, struct picowl_dma_copy __user *arg)
{
	struct picowl_dma_copy c;
	struct picowl_dma_band *bands;
	struct completion done;
	dma_cookie_t cookie = 0;
	u64 bytes = 0;
	ktime_t t0;
	u32 i;
	int err = 0;

	if (copy_from_user(&c, arg, sizeof(c)))
		return -EFAULT;
	if (!p->shadow)
		return -EINVAL;
	if (!c.count || c.count > PICOWL_DMA_MAX_BANDS)
		return -EINVAL;
	bands = memdup_user(u64_to_user_ptr(c.bands), c.count * sizeof(*bands));
	if (IS_ERR(bands))
		return PTR_ERR(bands);
	for (i = 0; i < c.count; i++) {
		u64 end = (u64)bands[i].offset + bands[i].length;

		if (!bands[i].length || end > p->size || end > p->fb_len) {
			kfree(bands);
			return -EINVAL;
		}
	}
	mutex_lock(&chan_lock);
	t0 = ktime_get();
	for (i = 0; i < c.count && !err; i++) {
		u32 off = bands[i].offset, left = bands[i].length;

		while (left && !err) {
			u32 most = emulator && (!chunk || chunk > PXA_MAX_DESC_BYTES)
				? PXA_MAX_DESC_BYTES
				: chunk;
			u32 len = most && left > most ? most : left;
			bool last = i == c.count - 1 && len == left;
			bool each = serial || emulator;

			if (each || last)
				init_completion(&done);
			err = submit(p, off, len, each || last ? &done : NULL, &cookie);
			if (!err && (each || last))
				err = wait(&done, cookie);
			if (!err)
				bytes += len;
			off += len;
			left -= len;
		}
	}
	if (err)
		dmaengine_terminate_sync(chan);
	atomic64_add(ktime_to_ns(ktime_sub(ktime_get(), t0)), &stat_ns);
	mutex_unlock(&chan_lock);
	kfree(bands);
	if (err)
		return err;
	atomic64_add(bytes, &stat_bytes);
	atomic64_inc(&stat_copies);
	c.bytes = bytes;
	if (copy_to_user(&arg->bytes, &c.bytes, sizeof(c.bytes)))
		return -EFAULT;
	return 0;
}

static long
pwdma_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct pwdma *p = file->private_data;
	struct picowl_dma_stats st;
	long ret;

	switch (cmd) {
	case PICOWL_DMA_SETUP:
		mutex_lock(&p->lock);
		ret = pwdma_setup(p, (void __user *)arg);
		mutex_unlock(&p->lock);
		return ret;
	case PICOWL_DMA_COPY:
		mutex_lock(&p->lock);
		ret = pwdma_copy(p, (void __user *)arg);
		mutex_unlock(&p->lock);
		return ret;
	case PICOWL_DMA_STATS:
		st.bytes = atomic64_read(&stat_bytes);
		st.transfers = atomic64_read(&stat_transfers);
		st.copies = atomic64_read(&stat_copies);
		st.ns = atomic64_read(&stat_ns);
		return copy_to_user((void __user *)arg, &st, sizeof(st)) ? -EFAULT : 0;
	}
	return -ENOTTY;
}

static int
pwdma_mmap(struct file *file, struct vm_area_struct *vma)
{
	struct pwdma *p = file->private_data;
	int ret = -EINVAL;

	mutex_lock(&p->lock);
	if (p->shadow && vma->vm_pgoff == 0 && vma->vm_end - vma->vm_start <= p->size)
		ret = dma_mmap_wc(dma_dev(), vma, p->shadow, p->shadow_dma, p->size);
	mutex_unlock(&p->lock);
	return ret;
}

static const struct file_operations pwdma_fops = {
	.owner = THIS_MODULE,
	.open = pwdma_open,
	.release = pwdma_release,
	.unlocked_ioctl = pwdma_ioctl,
	.mmap = pwdma_mmap,
};

#define COUNTER_ATTR(name)                                                                         \
	static ssize_t name##_show(struct device *dev, struct device_attribute *attr, char *buf)   \
	{                                                                                          \
		return sysfs_emit(buf, "%llu\n", (unsigned long long)atomic64_read(&stat_##name)); \
	}                                                                                          \
	static DEVICE_ATTR_RO(name)
COUNTER_ATTR(bytes);
COUNTER_ATTR(transfers);
COUNTER_ATTR(copies);
COUNTER_ATTR(ns);

static struct attribute *pwdma_attrs[] = {
	&dev_attr_bytes.attr,
	&dev_attr_transfers.attr,
	&dev_attr_copies.attr,
	&dev_attr_ns.attr,
	NULL,
};
ATTRIBUTE_GROUPS(pwdma);

static struct miscdevice pwdma_misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "picowl-dma",
	.fops = &pwdma_fops,
	.groups = pwdma_groups,
	.mode = 0660,
};

static int __init
pwdma_init(void)
{
	dma_cap_mask_t mask;
	int err;

	dma_cap_zero(mask);
	dma_cap_set(DMA_MEMCPY, mask);
	chan = dma_request_chan_by_mask(&mask);
	if (IS_ERR(chan)) {
		err = PTR_ERR(chan);
		pr_err("picowl_dma: no dmaengine memcpy channel: %d\n", err);
		return err;
	}
	err = misc_register(&pwdma_misc);
	if (err) {
		dma_release_channel(chan);
		return err;
	}
	pr_info("picowl_dma: memcpy through %s (%s)\n", dma_chan_name(chan),
		dev_name(chan->device->dev));
	return 0;
}

static void __exit
pwdma_exit(void)
{
	misc_deregister(&pwdma_misc);
	dma_release_channel(chan);
}

module_init(pwdma_init);
module_exit(pwdma_exit);
MODULE_DESCRIPTION("picowl's DMA copy engine: shadow to framebuffer through dmaengine memcpy");
MODULE_LICENSE("GPL");
