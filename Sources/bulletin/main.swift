import Foundation
print("bulletin: not yet built")
