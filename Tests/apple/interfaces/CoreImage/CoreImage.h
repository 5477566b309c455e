// CoreImage: declarations transcribed from Apple's documentation (no behaviour), for the Linux type-check of Apps/.
// platforms: iOS 5.0
// doc: https://developer.apple.com/documentation/coreimage
//
// The umbrella header of the Clang module CoreImage. In the SDK it imports CIImage.h,
// CIContext.h, CIFilter.h, ... (Objective-C); here it is empty: the classes are declared in Swift
// in the overlay parts (*.swiftinterface) of this folder.
