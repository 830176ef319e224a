/**
 * The hook through which core hands the heavy parts of large fits, predictions and decodings to a compute device (a
 * GPU): {@link org.okl.linalg.device.ComputeDevice} (the operations), {@link org.okl.linalg.device.ComputeDeviceProvider}
 * (how a device plugin such as {@code okl-gpu} is found, with {@link java.util.ServiceLoader}) and
 * {@link org.okl.linalg.device.ComputeDevices} (the {@code okl.gpu} setting, {@code auto|on|off}, and whether a piece
 * of work is large enough to gain). Core consults it at a few call sites and runs its CPU route whenever no device is
 * present, the setting is off, the work is small, or the device declines.
 */
package org.okl.linalg.device;
